/** Element ids shared by the prerendered document and the client bootstrap. */
export const ROOT_ELEMENT_ID = 'root';
export const POINTERS_ELEMENT_ID = 'kesho-pointers';
