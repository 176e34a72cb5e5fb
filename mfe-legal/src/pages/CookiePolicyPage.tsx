import { LegalDocument } from '../components/LegalDocument';
import { cookiePolicy } from '../content/cookies';

export default function CookiePolicyPage() {
  return <LegalDocument content={cookiePolicy} />;
}
