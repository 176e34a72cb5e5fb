import styled from 'styled-components';
import { HONEYPOT_FIELD } from '@kesho/site-rules/contact-fields';

const Trap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

/**
 * A field people never see or reach (off-screen, hidden from assistive technology, out of the tab
 * order); a bot that fills every input fills it, and the server then stores and sends nothing.
 */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <Trap aria-hidden="true">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`${idPrefix}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </Trap>
  );
}
