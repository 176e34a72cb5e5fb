/** Element ids shared by the prerendered document and the client bootstrap. */
export const ROOT_ELEMENT_ID = 'root';
export const POINTERS_ELEMENT_ID = 'kesho-pointers';
/** The meta element carrying the share of page views that report client events (telemetry/clientEvents.ts). */
export const SAMPLE_RATE_META = 'kesho-client-events-sample-rate';
