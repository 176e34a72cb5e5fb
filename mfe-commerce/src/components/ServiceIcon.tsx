import { Award, Briefcase, Crown, DollarSign, FileCheck, GraduationCap, House, MessageCircle, Mic, Package, PenTool, Plane, Search, Sparkles, type LucideIcon } from 'lucide-react';

/** Cart items carry an icon by name (it survives JSON); this turns the name back into an icon. */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  MessageCircle,
  Search,
  FileCheck,
  PenTool,
  Plane,
  Award,
  Mic,
  Briefcase,
  GraduationCap,
  Crown,
  Home: House,
  House,
  Sparkles,
  DollarSign,
};

export function ServiceIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = ICONS[name] ?? Package;
  return <Icon aria-hidden="true" focusable="false" size={size} strokeWidth={1.75} />;
}
