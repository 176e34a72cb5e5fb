import { LegalDocument } from '../components/LegalDocument';
import { ethicsPolicy } from '../content/ethics';

export default function EthicsPage() {
  return <LegalDocument content={ethicsPolicy} />;
}
