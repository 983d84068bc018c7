import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { placeFromSearch } from './drill';
import { MonitorScreen } from './MonitorScreen';

/**
 * /monitor-screen/city.html: a province's cities (?provinceLevel=) or one city's stores (?cityLevel=),
 * hidden from the menu.
 */
export default function MonitorScreenCityPage() {
  const [search] = useSearchParams();
  const place = useMemo(() => placeFromSearch(search), [search]);
  return <MonitorScreen key={search.toString()} place={place} />;
}
