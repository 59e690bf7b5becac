import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  BookOpen,
  Boxes,
  Building2,
  Cog,
  Cpu,
  FolderKanban,
  FunctionSquare,
  Home,
  KeyRound,
  LayoutDashboard,
  Database,
  MessageSquare,
  Network,
  Star,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export type SidebarItem =
  | {
      kind: 'link';
      id: string;
      label: MessageDescriptor;
      icon: LucideIcon;
      path: string;
      /** Appended to the path: the list's default view (e.g. /list, /grid). */
      defaultViewSuffix?: boolean;
      hidden?: boolean;
      /** Leaves the console (a redirect to another address). */
      external?: boolean;
      /** Shown only to these groups. */
      groups?: readonly (1 | 2 | 3)[];
    }
  | { kind: 'divider'; id: string }
  | {
      kind: 'group';
      id: string;
      label: MessageDescriptor;
      icon: LucideIcon;
      children: SidebarItem[];
    };

/** The sidebar of spec §2, in order. */
export const sidebarItems: SidebarItem[] = [
  { kind: 'link', id: 'home', label: msg`Home`, icon: Home, path: '/dashboard' },
  {
    kind: 'link',
    id: 'dashboard',
    label: msg`Dashboard`,
    icon: LayoutDashboard,
    path: '/dashboard',
    hidden: true,
  },
  { kind: 'link', id: 'favorites', label: msg`Favourites`, icon: Star, path: '/favorites' },
  { kind: 'divider', id: 'd1' },
  { kind: 'link', id: 'devices', label: msg`Devices`, icon: Cpu, path: '/sensors' },
  { kind: 'link', id: 'devicetypes', label: msg`Device types`, icon: Boxes, path: '/devicetypes' },
  {
    kind: 'link',
    id: 'collections',
    label: msg`Data collections`,
    icon: Database,
    path: '/collections',
  },
  { kind: 'link', id: 'projects', label: msg`Projects`, icon: FolderKanban, path: '/projects' },
  { kind: 'divider', id: 'd2' },
  {
    kind: 'group',
    id: 'management',
    label: msg`Management`,
    icon: Building2,
    children: [
      { kind: 'link', id: 'orgs', label: msg`Organisations`, icon: Building2, path: '/orgs' },
      { kind: 'link', id: 'users', label: msg`Users`, icon: Users, path: '/users' },
    ],
  },
  { kind: 'link', id: 'registries', label: msg`Registries`, icon: Network, path: '/registries' },
  {
    kind: 'link',
    id: 'functions',
    label: msg`Cloud functions`,
    icon: FunctionSquare,
    path: '/functions',
  },
  { kind: 'link', id: 'messages', label: msg`Messages`, icon: MessageSquare, path: '/messages' },
  { kind: 'divider', id: 'd3' },
  {
    kind: 'link',
    id: 'settings',
    label: msg`Settings`,
    icon: Cog,
    path: '/settings',
    hidden: true,
  },
  { kind: 'link', id: 'api', label: msg`API`, icon: KeyRound, path: '/api' },
  {
    kind: 'link',
    id: 'configuration',
    label: msg`Configuration`,
    icon: Wrench,
    path: '/settings/branding',
    groups: [1],
  },
  {
    kind: 'link',
    id: 'legacy',
    label: msg`API documentation`,
    icon: BookOpen,
    path: '/api/docs',
    external: true,
  },
];
