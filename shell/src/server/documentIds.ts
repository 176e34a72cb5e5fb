/** Element ids shared by the prerendered document and the client bootstrap. */
export const ROOT_ELEMENT_ID = 'root';
export const POINTERS_ELEMENT_ID = 'kesho-pointers';
/** The document's global rules (plain CSS from shell-kit's `globalCss`). */
export const GLOBAL_STYLE_ELEMENT_ID = 'kesho-global-style';
