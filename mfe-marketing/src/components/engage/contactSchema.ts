import { object, string, type ObjectSchema } from 'yup';
import { contactMessages, countryOptions, type ContactFormValues } from '../../content/contact';

/**
 * SPEC §5: every contact field is required. The messages say what to do, and the country must be
 * one of the offered options (a hand-edited request could send anything).
 */
export const contactSchema: ObjectSchema<ContactFormValues> = object({
  name: string().trim().required(contactMessages.nameRequired),
  email: string().trim().required(contactMessages.emailRequired).email(contactMessages.emailInvalid),
  phone: string().trim().required(contactMessages.phoneRequired),
  country: string()
    .required(contactMessages.countryRequired)
    .oneOf(
      countryOptions.map((option) => option.value),
      contactMessages.countryRequired,
    ),
  message: string().trim().required(contactMessages.messageRequired),
});
