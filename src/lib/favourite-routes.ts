import type { FavouriteType } from '../../contracts/user.ts';

/** The console page of a favourite, by its type (spec §2 routes). */
export function favouritePath(type: FavouriteType, id: string | number): string {
  const key = encodeURIComponent(String(id));
  switch (type) {
    case 'cloudfunction':
      return `/function/${key}`;
    case 'collection':
      return `/collection/${key}`;
    case 'device':
    case 'sensor':
      return `/sensor/${key}`;
    case 'devicetype':
      return `/devicetype/${key}`;
    case 'org':
      return `/management/org/${key}`;
    case 'project':
      return `/project/${key}`;
    case 'registry':
      return `/registry/${key}`;
    case 'user':
      return `/management/user/${key}`;
  }
}
