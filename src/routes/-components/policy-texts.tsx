import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';

const Text = styled.div`
  line-height: 1.55;
  p {
    margin: 0 0 12px;
  }
`;

const Responsible = styled.address`
  font-style: normal;
  padding: 12px 16px;
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.hover};
  margin: 12px 0;
`;

export function ResponsibleParty() {
  return (
    <Responsible aria-label="responsible party">
      <strong>
        <Trans>Responsible for your data</Trans>
      </strong>
      <br />
      <Trans>The organisation that runs this Nordlys installation is the data controller.</Trans>
      <br />
      <Trans>
        Questions about your data go to its administrator, who can see, correct and delete it.
      </Trans>
    </Responsible>
  );
}

export function PrivacyPolicyText() {
  return (
    <Text>
      <p>
        <Trans>
          Nordlys keeps the data needed to run your account: your name, e-mail address,
          organisation, the settings you choose and the time of your last sign-in. Device data
          belongs to the organisation that owns the device.
        </Trans>
      </p>
      <p>
        <Trans>
          Passwords are stored only as salted hashes. Sign-in sessions end when you sign out, and
          after seven days without use.
        </Trans>
      </p>
      <p>
        <Trans>
          Nothing is shared with third parties. Users of other organisations cannot see your data.
        </Trans>
      </p>
      <ResponsibleParty />
    </Text>
  );
}

export function CookiePolicyText() {
  return (
    <Text>
      <p>
        <Trans>
          The console uses one cookie, SESSION, that keeps you signed in. It is removed when you
          sign out and expires by itself. Signing in with another provider sets a second cookie for
          ten minutes, NORDLYS_OIDC, that ties the provider's answer to your browser.
        </Trans>
      </p>
      <p>
        <Trans>
          Your browser's local storage keeps your language before you sign in and a copy of lists,
          so that pages open quickly. No tracking or advertising cookies are used.
        </Trans>
      </p>
    </Text>
  );
}
