import { startApp } from '../shared/app/start-app';
import { companyRoutes } from './routes';

startApp('company', companyRoutes).catch((error: unknown) => {
  console.error('The console could not start', error);
});
