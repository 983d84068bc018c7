import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { placeFromSearch } from './drill';
import { MonitorScreen } from './MonitorScreen';

/** /monitor-screen/region.html?areaLevel=: one region, a tile per province (hidden from the menu). */
export default function MonitorScreenRegionPage() {
  const [search] = useSearchParams();
  const place = useMemo(() => placeFromSearch(search), [search]);
  return <MonitorScreen key={search.toString()} place={place} />;
}
