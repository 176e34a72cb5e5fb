import type { PageRoute } from '@kesho/shell-kit';
import { coreRoutes } from './routes/core';
import { serviceRoutes } from './routes/services';
import { workingWithUsRoutes } from './routes/working-with-us';
import { blogRoutes } from './routes/blog';

/** Exposed to the shell as `marketing/routes`: every page this remote serves. */
export const routes: readonly PageRoute[] = [...coreRoutes, ...serviceRoutes, ...workingWithUsRoutes, ...blogRoutes];
