import styled from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';
import { site } from '@kesho/site-rules/site';
import { formatUsd } from '@kesho/site-rules/money';

export interface InvoiceLine {
  readonly name: string;
  readonly quantity: number;
  readonly amountCents: number;
}

export interface InvoiceCustomer {
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly companyName: string;
}

/** Hidden on screen; the only thing the success page prints (the visible card is hidden in print). */
const PrintOnly = styled.div`
  display: none;
  ${media.print} {
    display: block;
    color: ${tokens.color.text};
    font-size: 11pt;
    line-height: 1.45;
    h2 {
      font-size: 20pt;
      margin: 0 0 4pt;
      color: ${tokens.color.text};
    }
    h3 {
      font-size: 12pt;
      margin: 0 0 4pt;
      color: ${tokens.color.text};
    }
    p {
      margin: 0 0 2pt;
    }
  }
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 24pt;
  padding-bottom: 12pt;
  margin-bottom: 12pt;
  border-bottom: 2px solid ${tokens.color.text};
`;

const Parties = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 24pt;
  margin-bottom: 16pt;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: 16pt;
  caption {
    text-align: left;
    font-weight: 700;
    margin-bottom: 4pt;
  }
  th,
  td {
    padding: 4pt 6pt;
    border-bottom: 1px solid ${tokens.color.muted};
    text-align: left;
  }
  th:not(:first-child),
  td:not(:first-child) {
    text-align: right;
  }
  tfoot th,
  tfoot td {
    border-bottom: none;
    border-top: 2px solid ${tokens.color.text};
    font-weight: 700;
  }
`;

const Small = styled.p`
  font-size: 9pt;
  color: ${tokens.color.text};
`;

export function PrintableInvoice({
  invoiceNumber,
  dateText,
  statusText,
  lines,
  totalCents,
  customer,
}: {
  invoiceNumber: string;
  dateText: string;
  statusText: string;
  lines: readonly InvoiceLine[];
  totalCents: number | null;
  customer: InvoiceCustomer | null;
}) {
  return (
    <PrintOnly data-print-only="">
      <Head>
        <div>
          <h2>Invoice</h2>
          <p>Invoice number: {invoiceNumber}</p>
          {dateText ? <p>Date: {dateText}</p> : null}
          <p>Status: {statusText}</p>
        </div>
        <div>
          <h3>{site.legalName}</h3>
          <p>Company number: {site.companyNumber}</p>
          <p>{site.registeredOffice.display}</p>
          <p>{site.postalAddress.display}</p>
          <p>Email: {site.email}</p>
          <p>Phone: {site.phone.display}</p>
        </div>
      </Head>
      {customer ? (
        <Parties>
          <div>
            <h3>Billed to</h3>
            <p>{customer.fullName}</p>
            {customer.companyName ? <p>{customer.companyName}</p> : null}
            <p>{customer.email}</p>
            <p>{customer.phone}</p>
          </div>
        </Parties>
      ) : null}
      {lines.length > 0 ? (
        <Table>
          <caption>Services</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Quantity</th>
              <th scope="col">Amount (USD)</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={`${line.name}-${index}`}>
                <td>{line.name}</td>
                <td>{line.quantity}</td>
                <td>{formatUsd(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          {totalCents !== null ? (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td>{formatUsd(totalCents)}</td>
              </tr>
            </tfoot>
          ) : null}
        </Table>
      ) : (
        <p>The services and amounts of this order are listed in your confirmation email.</p>
      )}
      <Small>Card payments are processed by Stripe. Prices in US dollars. Thank you for choosing {site.brand}.</Small>
    </PrintOnly>
  );
}
