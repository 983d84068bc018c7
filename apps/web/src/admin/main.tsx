import { startApp } from '../shared/app/start-app';
import { adminRoutes } from './routes';

startApp('admin', adminRoutes).catch((error: unknown) => {
  console.error('The console could not start', error);
});
