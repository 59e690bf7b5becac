import { Suspense, useState, type ComponentProps } from 'react';
import { lazyLater } from '../../lib/lazy-later.ts';

const Dialog = lazyLater(
  () => import('./policy-dialog.tsx'),
  (module) => module.PolicyDialog,
);

/**
 * What a button that opens a policy spreads into its props: the dialog's code is asked for as
 * the pointer or the focus comes to it, so it is there by the time the button is pressed.
 */
export const preloadsPolicyDialog = {
  onPointerEnter: () => void Dialog.preload(),
  onFocus: () => void Dialog.preload(),
};

/**
 * The privacy or cookie policy dialog, whose code (the policies' texts and the dialog library)
 * every page offers but few open: it loads when a button that opens it is about to be pressed
 * (`preloadsPolicyDialog`), not with the console's start scripts, and is drawn from its first
 * opening on.
 */
export function PolicyDialogLater(props: ComponentProps<typeof Dialog.Component>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog.Component {...props} />
    </Suspense>
  );
}
