import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import styled from 'styled-components';
import { Plus } from 'lucide-react';
import { Button, media, tokens, useToast } from '@kesho/shell-kit';
import { scriptOnly } from '@kesho/site-rules/script-only';
import { fieldsTypedBeforeHydration } from '@kesho/site-rules/typed-before-hydration';
import { FieldError, FieldHint, FieldLabel, TextInput } from '@kesho/shell-kit/fields';
import { CUSTOM_ICON, CUSTOM_ID_PREFIX, CUSTOM_PRICE_MAX_CENTS, CUSTOM_PRICE_MIN_CENTS, QUANTITY_MAX, QUANTITY_MIN } from '@kesho/site-rules/catalogue';
import { dollarsToCents, formatUsd } from '@kesho/site-rules/money';
import { useCart } from '../cart';
import { FieldGroup, PanelCard, RangeInput } from '../components/ui';
import { CUSTOM_SERVICE_MESSAGES, customServiceSchema, initialCustomServiceValues, type CustomServiceValues } from './customServiceSchema';

const Fields = styled.div`
  display: grid;
  gap: 0 ${tokens.space(5)};
  ${media.md} {
    grid-template-columns: 2fr 1fr;
  }
`;

const QuantityLabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
`;

const QuantityValue = styled.span`
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const FIELD_ORDER = ['name', 'price', 'quantity'] as const;
type FieldName = (typeof FIELD_ORDER)[number];

function newCustomId(existingIds: readonly string[]): string {
  let stamp = Date.now();
  while (existingIds.includes(`${CUSTOM_ID_PREFIX}${stamp}`)) stamp += 1;
  return `${CUSTOM_ID_PREFIX}${stamp}`;
}

/** A service that is not in the catalogue, priced by the visitor within the custom-price limits. */
export function CustomServiceForm() {
  const toast = useToast();
  const cart = useCart();
  const [attempted, setAttempted] = useState(false);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const formElement = useRef<HTMLFormElement | null>(null);

  const formik = useFormik<CustomServiceValues>({
    initialValues: initialCustomServiceValues,
    validationSchema: customServiceSchema,
    // Errors update as the visitor types, never on blur: a message vanishing on blur moves what is
    // below it between mouse-down and mouse-up, and the click lands on nothing.
    validateOnChange: true,
    validateOnBlur: false,
    onSubmit: (values, helpers) => {
      const priceCents = typeof values.price === 'number' ? dollarsToCents(values.price) : null;
      if (priceCents === null) return;
      cart.addItem({
        id: newCustomId(cart.items.map((item) => item.id)),
        name: values.name.trim(),
        priceCents,
        icon: CUSTOM_ICON,
        quantity: values.quantity,
      });
      toast(CUSTOM_SERVICE_MESSAGES.added, { variant: 'success' });
      helpers.resetForm();
      setAttempted(false);
    },
  });

  // What was typed into the prerendered form before the app started is the form's to keep.
  useLayoutEffect(() => {
    if (!formElement.current) return;
    const typed = fieldsTypedBeforeHydration(formElement.current, FIELD_ORDER);
    if (Object.keys(typed).length === 0) return;
    const price = typed.price === undefined || typed.price.trim() === '' ? NaN : Number(typed.price);
    void formik.setValues({
      name: typed.name ?? formik.values.name,
      price: typed.price === undefined ? formik.values.price : Number.isNaN(price) ? '' : price,
      quantity: typed.quantity === undefined ? formik.values.quantity : Number(typed.quantity),
    });
    // Only the first commit can meet text typed into the server's HTML; later renders must not redo it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, on the commit that hydrates the form
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const errors: FormikErrors<CustomServiceValues> = await formik.validateForm();
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      fieldRefs.current[firstInvalid]?.focus();
      return;
    }
    await formik.submitForm();
  };

  const errorOf = (field: FieldName): string | undefined => (attempted ? formik.errors[field] : undefined);
  const describedBy = (field: FieldName, hintId?: string) => [hintId, errorOf(field) ? `custom-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <PanelCard as="section" aria-labelledby="custom-service-heading" {...scriptOnly}>
      <h2 id="custom-service-heading">Add a Custom Service</h2>
      <p>Need something that is not listed? Describe it, set the price agreed with your advisor and add it to your package.</p>
      <form ref={formElement} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Fields>
          <FieldGroup>
            <FieldLabel htmlFor="custom-name">Service name</FieldLabel>
            <TextInput
              id="custom-name"
              name="name"
              type="text"
              autoComplete="off"
              ref={(element) => {
                fieldRefs.current.name = element;
              }}
              value={formik.values.name}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              aria-invalid={errorOf('name') ? true : undefined}
              aria-describedby={describedBy('name')}
              $invalid={Boolean(errorOf('name'))}
            />
            {errorOf('name') ? (
              <FieldError id="custom-name-error" role="alert">
                {errorOf('name')}
              </FieldError>
            ) : null}
          </FieldGroup>
          <FieldGroup>
            <FieldLabel htmlFor="custom-price">Price (USD)</FieldLabel>
            <FieldHint id="custom-price-hint">
              From {formatUsd(CUSTOM_PRICE_MIN_CENTS)} to {formatUsd(CUSTOM_PRICE_MAX_CENTS)}
            </FieldHint>
            <TextInput
              id="custom-price"
              name="price"
              type="number"
              inputMode="decimal"
              min={CUSTOM_PRICE_MIN_CENTS / 100}
              max={CUSTOM_PRICE_MAX_CENTS / 100}
              step={0.01}
              ref={(element) => {
                fieldRefs.current.price = element;
              }}
              value={formik.values.price}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              aria-invalid={errorOf('price') ? true : undefined}
              aria-describedby={describedBy('price', 'custom-price-hint')}
              $invalid={Boolean(errorOf('price'))}
            />
            {errorOf('price') ? (
              <FieldError id="custom-price-error" role="alert">
                {errorOf('price')}
              </FieldError>
            ) : null}
          </FieldGroup>
        </Fields>
        <FieldGroup>
          <QuantityLabelRow>
            <FieldLabel htmlFor="custom-quantity">Quantity</FieldLabel>
            <QuantityValue aria-hidden="true">{formik.values.quantity}</QuantityValue>
          </QuantityLabelRow>
          <RangeInput
            id="custom-quantity"
            name="quantity"
            type="range"
            min={QUANTITY_MIN}
            max={QUANTITY_MAX}
            step={1}
            ref={(element) => {
              fieldRefs.current.quantity = element;
            }}
            value={formik.values.quantity}
            onChange={(event) => void formik.setFieldValue('quantity', Number(event.target.value))}
            aria-invalid={errorOf('quantity') ? true : undefined}
            aria-describedby={describedBy('quantity')}
          />
          {errorOf('quantity') ? (
            <FieldError id="custom-quantity-error" role="alert">
              {errorOf('quantity')}
            </FieldError>
          ) : null}
        </FieldGroup>
        {/* The fields take typing at once; adding waits for the saved package, and says so. */}
        <Button type="submit" $variant="secondary" disabled={!cart.hydrated} aria-busy={!cart.hydrated || undefined}>
          <Plus aria-hidden="true" focusable="false" size={20} />
          Add to Package{cart.hydrated ? null : <span> (loading…)</span>}
        </Button>
      </form>
    </PanelCard>
  );
}
