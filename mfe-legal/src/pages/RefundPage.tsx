import { LegalDocument } from '../components/LegalDocument';
import { refundPolicy } from '../content/refund';

export default function RefundPage() {
  return <LegalDocument content={refundPolicy} />;
}
