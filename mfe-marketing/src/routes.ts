import type { PageRoute } from '@kesho/shell-kit';
import { coreRoutes } from './routes/core';
import { serviceRoutes } from './routes/services';
import { engageRoutes } from './routes/engage';

/** Exposed to the shell as `marketing/routes`: every page this remote serves. */
export const routes: readonly PageRoute[] = [...coreRoutes, ...serviceRoutes, ...engageRoutes];
