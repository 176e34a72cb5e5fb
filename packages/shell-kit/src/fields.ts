import styled, { css } from 'styled-components';
// The kit itself, by name: in the browser that is the shared instance, so this entry adds no second copy of the tokens.
import { tokens } from '@kesho/shell-kit';

/**
 * One look for every form on the site, as `@kesho/shell-kit/fields`: an entry of its own, outside the
 * shared kit, so only the pages with a form download it (the remote bundles it into their chunks).
 * A field is its label, then its hint and error (tied to the control by `aria-describedby`, which the
 * form sets), then the control; `$invalid` turns the control's border to the error colour. The wiring
 * (ids, `aria-invalid`, focus) stays with each form.
 */

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(1.5)};
`;

export const FieldLabel = styled.label`
  font-weight: 600;
  color: ${tokens.color.text};
`;

/** "(Optional)" after a label: quieter than the label it follows. */
export const OptionalMark = styled.span`
  font-weight: 400;
  color: ${tokens.color.muted};
`;

export const FieldHint = styled.p`
  margin: 0;
  font-size: 0.9375rem;
  color: ${tokens.color.muted};
`;

/** A field's error, or a form's: an icon placed first is kept level with the first line. */
export const FieldError = styled.p`
  margin: 0;
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(1.5)};
  font-size: 0.9375rem;
  font-weight: 600;
  color: ${tokens.color.error};

  svg {
    flex: none;
    margin-top: 0.2rem;
  }
`;

/**
 * The control itself: a fingertip tall, a 2px border dark enough to find the field by (7:1 on white),
 * the error colour when `$invalid`, and placeholders in the muted text colour, which passes contrast.
 */
const fieldLook = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: ${tokens.touchTarget};
  padding: ${tokens.space(2.5)} ${tokens.space(3)};
  border: 2px solid ${({ $invalid }) => ($invalid ? tokens.color.error : tokens.color.muted)};
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.background};
  color: ${tokens.color.text};
  &::placeholder {
    color: ${tokens.color.muted};
    opacity: 1;
  }
  &:focus-visible {
    outline: 3px solid ${tokens.color.focus};
    outline-offset: 1px;
  }
`;

export const TextInput = styled.input<{ $invalid?: boolean }>`
  ${fieldLook}
`;

export const SelectInput = styled.select<{ $invalid?: boolean }>`
  ${fieldLook}
`;

export const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${fieldLook}
  min-height: 6.5rem;
  resize: vertical;
`;
