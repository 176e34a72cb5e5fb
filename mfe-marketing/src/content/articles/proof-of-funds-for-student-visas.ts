import { h, ol, p, ul, type ArticleBlock } from './blocks';

/** The body of the article 'proof-of-funds-for-student-visas' (its summary is in ../blog.ts); only its own page loads it. */
const body: readonly ArticleBlock[] = [
  p(
    'Every student visa asks the same underlying question: can you pay for your course and support yourself without breaking the rules? Most refusals we review come down to how that question was answered. Here is how to prepare financial evidence that a visa officer can trust.',
  ),
  h('What the officer needs to see'),
  ol(
    'Enough money: usually your remaining tuition plus a set amount for living costs, sometimes with travel costs on top.',
    'Money that is really available to you: in your name, or your parents’ or sponsor’s name with proof of your relationship and their consent.',
    'A legitimate source: savings, income, a loan or an award that makes sense for the family’s circumstances.',
  ),
  h('How the rules differ'),
  ul(
    'United Kingdom: the money must be held for 28 consecutive days, ending no more than 31 days before you apply.',
    'Canada: you show funds for your first year’s tuition and living costs; many students also buy a Guaranteed Investment Certificate to show living funds.',
    'Australia: you show funds for 12 months, or meet the alternative based on a parent’s or partner’s annual income.',
    'United States: your university issues an I-20 showing the estimated cost, and you prove you can meet it with bank statements, sponsor letters or scholarship awards.',
  ),
  h('Acceptable sources of money'),
  ul(
    'Personal or family savings held in a recognised bank or financial institution.',
    'An education loan, shown by a formal loan approval letter from the lender.',
    'A scholarship or sponsorship, shown by an official award letter that states the amount and what it covers.',
    'Fixed deposits, if you can show they are available when you need them.',
  ),
  p(
    'If your family saves through a SACCO or holds money in other accounts, check early whether the destination country accepts that institution, and allow time to move the money if it does not.',
  ),
  h('Red flags visa officers notice'),
  ul(
    'A large deposit shortly before the statements, with no explanation of where it came from.',
    'Money borrowed just to be shown and then returned.',
    'A sponsor whose income cannot plausibly support the amount.',
    'Statements that look edited, lack the bank’s stamp or cannot be verified.',
  ),
  p(
    'Large deposits are not a problem in themselves. If your family sold land or a vehicle, include the sale agreement and a short letter explaining the deposit. Transparency turns a red flag into evidence.',
  ),
  h('Practical tips'),
  ul(
    'Convert amounts using the exchange rate the embassy uses, and keep a margin above the minimum in case the shilling moves.',
    'Make sure names match exactly across passports, birth certificates and bank documents.',
    'Use original statements on letterhead, stamped by the bank, or electronic statements the bank can verify.',
    'Start planning your funds at least three months before your visa application.',
  ),
  h('Never fake it'),
  p(
    'Fake or altered financial documents lead to refusal and can lead to a ban from the country for years. They can also follow you into future applications to other countries. If your funds fall short, talk to us: there may be a more affordable course, a later intake or a scholarship that closes the gap honestly.',
  ),
];

export default body;
