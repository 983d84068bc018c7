import { useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { placeFromSearch, provinceScreenOf } from './drill';
import { MonitorScreen } from './MonitorScreen';

/**
 * /monitor-screen/city.html?cityLevel=: one city, a tile per store (hidden from the menu). A province
 * (?provinceLevel= alone, the province screen's first address) goes on to province.html.
 */
export default function MonitorScreenCityPage() {
  const [search] = useSearchParams();
  const place = useMemo(() => placeFromSearch(search), [search]);
  const province = provinceScreenOf(search);
  if (province) return <Navigate to={province} replace />;
  return <MonitorScreen key={search.toString()} place={place} />;
}
