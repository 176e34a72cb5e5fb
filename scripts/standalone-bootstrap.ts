// The async boundary lets Module Federation set up the shared modules before the host renders.
import('./standalone-entry');
