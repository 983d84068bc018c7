import { Navigate, useSearchParams } from 'react-router';

import { provinceScreenOf } from './drill';
import MonitorScreenPlacePage from './place';

/**
 * /monitor-screen/city.html?cityLevel=: one city, a tile per store (hidden from the menu). A province
 * (?provinceLevel= alone, the province screen's first address) goes on to province.html.
 */
export default function MonitorScreenCityPage() {
  const [search] = useSearchParams();
  const province = provinceScreenOf(search);
  if (province) return <Navigate to={province} replace />;
  return <MonitorScreenPlacePage />;
}
