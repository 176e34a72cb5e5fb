import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Building2, Clock, Mail, Mailbox, MapPin, MessageSquare, Phone } from 'lucide-react';
import { tokens } from '@kesho/shell-kit';
import { mailtoHref, telHref } from '@kesho/site-rules/site';
import { contactInformation, officeLocation } from '../../content/contact';

const Details = styled.dl`
  margin: 0;
  display: grid;
  gap: ${tokens.space(5)};

  > div {
    position: relative;
    min-height: 2.5rem;
    padding-left: ${tokens.space(13)};
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const IconBubble = styled.span`
  position: absolute;
  top: 0;
  left: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primarySoft};
  color: ${tokens.color.primary};
`;

const Address = styled.address`
  font-style: normal;
`;

const MapPlaceholder = styled.div`
  margin-top: ${tokens.space(8)};
  padding: ${tokens.space(6)};
  border: 2px dashed ${tokens.color.muted};
  border-radius: ${tokens.radius.lg};
  background: ${tokens.color.surface};
  text-align: center;

  > svg {
    margin: 0 auto ${tokens.space(3)};
    color: ${tokens.color.primary};
  }
  h3 {
    font-size: 1.125rem;
  }
  p {
    margin-bottom: ${tokens.space(1)};
  }
  p:last-child {
    margin: ${tokens.space(3)} 0 0;
    color: ${tokens.color.muted};
    font-size: 0.9375rem;
  }
`;

const iconProps = { size: 20, 'aria-hidden': true, focusable: false } as const;

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <IconBubble>{icon}</IconBubble>
        {term}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Phone, e-mail, addresses, hours and a text-only description of where the office is. */
export function ContactDetails({ titleId }: { titleId: string }) {
  return (
    <>
      <h2 id={titleId}>{contactInformation.title}</h2>
      <Address>
        <Details>
          <Detail icon={<Phone {...iconProps} />} term={contactInformation.phoneLabel}>
            <a href={telHref}>{contactInformation.phone.display}</a>
          </Detail>
          <Detail icon={<Mail {...iconProps} />} term={contactInformation.emailLabel}>
            <a href={mailtoHref}>{contactInformation.email}</a>
          </Detail>
          <Detail icon={<Building2 {...iconProps} />} term={contactInformation.officeLabel}>
            {contactInformation.office}
          </Detail>
          <Detail icon={<Mailbox {...iconProps} />} term={contactInformation.postalLabel}>
            {contactInformation.postal}
          </Detail>
          <Detail icon={<Clock {...iconProps} />} term={contactInformation.hoursLabel}>
            {contactInformation.hours}
          </Detail>
          <Detail icon={<MessageSquare {...iconProps} />} term={contactInformation.responseLabel}>
            {contactInformation.responseText}
          </Detail>
        </Details>
      </Address>
      <MapPlaceholder>
        <MapPin size={32} aria-hidden="true" focusable="false" />
        <h3>{officeLocation.title}</h3>
        {officeLocation.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{officeLocation.note}</p>
      </MapPlaceholder>
    </>
  );
}
