import { Award, Briefcase, GraduationCap, Handshake, Plane, type LucideIcon } from 'lucide-react';
import type { ServiceIcon as ServiceIconName } from '../../content/services';

const iconsByName: Record<ServiceIconName, LucideIcon> = { GraduationCap, Plane, Award, Briefcase, Handshake };

/** A service card's icon. Always decorative: the card's title names the service. */
export function ServiceIcon({ name, size = 24 }: { name: ServiceIconName; size?: number }) {
  const Icon = iconsByName[name];
  return <Icon aria-hidden="true" focusable="false" size={size} />;
}
