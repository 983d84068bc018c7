import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { placeFromSearch } from './drill';
import { MonitorScreen } from './MonitorScreen';

/**
 * One place's screen, the place read from the search part: region.html?areaLevel= (a tile per
 * province) and province.html?provinceLevel= (a tile per city); hidden from the menu.
 */
export default function MonitorScreenPlacePage() {
  const [search] = useSearchParams();
  const place = useMemo(() => placeFromSearch(search), [search]);
  return <MonitorScreen key={search.toString()} place={place} />;
}
