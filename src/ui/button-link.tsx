import { useLinkProps, type LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A link that looks like a button (a page's Edit action): typed like the router's links. */
export function ButtonLink({
  link,
  variant,
  children,
}: {
  link: LinkOptions;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const props = useLinkProps(link);
  return (
    <Button as="a" $variant={variant} {...props}>
      {children}
    </Button>
  );
}
