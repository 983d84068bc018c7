import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { placeFromSearch } from './drill';
import { MonitorScreen } from './MonitorScreen';

/** /monitor-screen/province.html?provinceLevel=: one province, a tile per city (hidden from the menu). */
export default function MonitorScreenProvincePage() {
  const [search] = useSearchParams();
  const place = useMemo(() => placeFromSearch(search), [search]);
  return <MonitorScreen key={search.toString()} place={place} />;
}
