/** Anomaly and forecast calls (contracts `ForecastEndpoints`, /api/forecast-service/device/*). */
import { ForecastEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { anomalyChart, findAnomalies, findForecasts, forecastChart } from './forecast.service';

export function registerForecastRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    E.findDeviceOrShopAnomalyChart,
    async function findDeviceOrShopAnomalyChart({ body, scope }) {
      return anomalyChart(ctx, scope, body);
    },
  );
  defineRoute(app, E.findDeviceOrShopAnomaly, async function findDeviceOrShopAnomaly({ body, scope, lang }) {
    return findAnomalies(ctx, scope, lang, body);
  });
  defineRoute(
    app,
    E.findDeviceOrShopForecastChart,
    async function findDeviceOrShopForecastChart({ body, scope }) {
      return forecastChart(ctx, scope, body);
    },
  );
  defineRoute(
    app,
    E.findDeviceOrShopForecast,
    async function findDeviceOrShopForecast({ body, scope, lang }) {
      return findForecasts(ctx, scope, lang, body);
    },
  );
}
