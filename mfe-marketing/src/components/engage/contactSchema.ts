/** The contact schema lives in @kesho/common (the enquiries Lambda validates with it too). */
export { contactSchema } from '@kesho/common/contact-schema';
