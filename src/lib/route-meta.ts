import type { MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title in the header and the route's breadcrumb. */
    title?: MessageDescriptor;
    /** Where the header's back button leads, for detail, create and edit pages. */
    back?: string;
    /** Breadcrumbs before this page's own (a create or edit page's list). */
    trail?: { title: MessageDescriptor; to: string }[];
  }
}

export {};
