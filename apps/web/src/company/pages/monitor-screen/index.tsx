import { MonitorScreen } from './MonitorScreen';

/** /monitor-screen/index.html: the whole scope, a tile per region. */
export default function MonitorScreenOverviewPage() {
  return <MonitorScreen place={{}} />;
}
