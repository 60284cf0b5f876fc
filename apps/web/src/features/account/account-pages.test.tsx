import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store/store';
import { fakeApi, shopper } from '../../store/testing';
import { initialUserState, type UserState } from './user-slice';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { AccountMenu } from './AccountMenu';
import { ProfileForm } from './ProfileForm';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { TwoFactorCancelReset } from './TwoFactorCancelReset';
import { TwoFactorReset } from './TwoFactorReset';
import { TwoFactorSettings } from './TwoFactorSettings';
import { TwoFactorVerifyForm } from './TwoFactorVerifyForm';
import { countryOptions } from './register-form';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

/*
 * What each page shows in each of its states, rendered as HTML (the web tests run in Node
 * without a DOM). The calls and rules behind the buttons are tested in account-actions.test.ts.
 */

const user = shopper;

function render(node: ReactNode, userState: Partial<UserState> = {}): string {
  const store = makeStore({
    api: fakeApi({}).api,
    preloadedState: { user: { ...initialUserState, ...userState } },
  });
  return renderToStaticMarkup(<Provider store={store}>{node}</Provider>);
}

const signedIn: Partial<UserState> = { signedIn: true, tfaPassed: true, profileFetched: true, profile: user };

/** Every aria-describedby of an element names elements that exist. */
function describedByTargetsExist(html: string): boolean {
  const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return ids.length > 0 && ids.every((id) => html.includes(`id="${id}"`));
}

describe('/forgot_password', () => {
  it('asks for the e-mail with a label, hint and a submit button', () => {
    const html = render(<ForgotPasswordForm />);
    expect(html).toMatch(/<label[^>]*>E-mail<\/label>/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*autoComplete="email"|<input[^>]*autoComplete="email"[^>]*type="email"/i);
    expect(html).toContain('Send me a link');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('after sending says a link was sent if an account exists, whatever the answer', () => {
    const html = render(<ForgotPasswordForm initial={{ kind: 'sent', email: 'ana@example.com' }} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('If an account exists for <strong>ana@example.com</strong>');
    expect(html).toContain('href="/sign_in"');
  });

  it('a rate limit is announced with its message and linked to the form', () => {
    const html = render(
      <ForgotPasswordForm initial={{ kind: 'error', message: 'Too many requests, please wait a moment and try again' }} />,
    );
    expect(html).toMatch(/role="alert"[^>]*>Too many requests/);
    expect(describedByTargetsExist(html)).toBe(true);
  });
});

describe('/reset_password', () => {
  it('asks for the new password twice with the policy text linked to the field', () => {
    const html = render(<ResetPasswordForm uid="u" token="t" />);
    expect(html.match(/type="password"/g)).toHaveLength(2);
    expect(html.match(/autoComplete="new-password"/gi)).toHaveLength(2);
    expect(html).toContain('At least 8 characters, with an upper-case and a lower-case letter and a number or symbol.');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('success says every session ended and links to sign in', () => {
    const html = render(<ResetPasswordForm uid="u" token="t" initial={{ kind: 'done' }} />);
    expect(html).toContain('signed you out on every device');
    expect(html).toContain('href="/sign_in"');
  });

  it('an expired link shows the catalogue message and a link to ask again', () => {
    const html = render(<ResetPasswordForm uid="u" token="t" initial={{ kind: 'link', message: 'request to forget password again' }} />);
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain('request to forget password again');
    expect(html).toContain('href="/forgot_password"');
  });

  it('a link without uid or token says so at once', () => {
    const html = render(<ResetPasswordForm uid="" token="t" />);
    expect(html).toContain('not complete');
    expect(html).toContain('href="/forgot_password"');
    expect(html).not.toContain('type="password"');
  });
});

describe('/register', () => {
  it('asks for every field of a user, each labelled, with the hints linked and the names limited as the API limits them', () => {
    const html = render(<RegisterForm countries={countryOptions()} defaultCountry="SG" maxBirthDate="2026-01-01" />);
    for (const label of ['First name', 'Last name', 'E-mail', 'Password', 'Country', 'Mobile phone number', 'Date of birth']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    }
    expect(html).toContain('<legend>Gender</legend>');
    expect(html).toMatch(/<input[^>]*name="firstName"[^>]*maxLength="100"|<input[^>]*maxLength="100"[^>]*name="firstName"/);
    expect(html).toMatch(/<option value="SG" selected="">Singapore<\/option>/);
    // The phone hint says what the rule accepts for the chosen country (issue 30).
    expect(html).toContain('A number of Singapore, for example 8123 4567 or +65 8123 4567.');
    expect(html).toContain('name="acceptTerms"');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('with no country chosen, the phone hint asks for the country first', () => {
    const html = render(<RegisterForm countries={countryOptions()} maxBirthDate="2026-01-01" />);
    expect(html).toContain('Choose your country first: the number must be one of that country.');
  });

  it('links the terms it asks to accept, in a new tab whose link says so, so the form is kept', () => {
    const html = render(<RegisterForm countries={countryOptions()} defaultCountry="SG" maxBirthDate="2026-01-01" />);
    const label = html.match(/<label for="[^"]*acceptTerms"[^>]*>(.*?)<\/label>/)?.[1] ?? '';
    expect(label).toMatch(/<a href="\/help\/terms" target="_blank" rel="noopener">/);
    const linkText = (label.match(/<a [^>]*>(.*?)<\/a>/)?.[1] ?? '')
      .replace(/<span aria-hidden="true">.*?<\/span>/g, '')
      .replace(/<[^>]+>/g, '');
    expect(linkText).toBe('terms and conditions (opens in a new tab)');
    expect(label.replace(/<span aria-hidden="true">.*?<\/span>/g, '').replace(/<[^>]+>/g, '')).toBe(
      'I accept the terms and conditions (opens in a new tab)',
    );
  });
});

describe('/two_factor/verify', () => {
  const owing: Partial<UserState> = { signedIn: true, tfaEnabled: true, tfaPassed: false, profileFetched: true, profile: user };

  it('asks for the code of the authenticator app as a one-time code, and offers a reset by e-mail', () => {
    const html = render(<TwoFactorVerifyForm />, owing);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Authentication code<\/label>/);
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('The 6-digit code shown in your authenticator app.');
    expect(html).toContain('Reset two-factor authentication by e-mail');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('switched to a recovery code: its own label and hint, a text field the browser does not fill or correct', () => {
    const html = render(<TwoFactorVerifyForm initial={{ recovery: true }} />, owing);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Recovery code<\/label>/);
    expect(html).toContain('like abcd-efgh-jkmn-pqrs. Each code works once.');
    const input = /<input[^>]*name="token"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('autoComplete="off"');
    expect(input).toContain('spellCheck="false"');
    expect(input).not.toContain('inputMode="numeric"');
    expect(html).toContain('Use your authenticator app instead');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a reset by e-mail waiting to take effect is said above the code, which cancels it', () => {
    const html = render(<TwoFactorVerifyForm initial={{ pendingReset: { effectiveAt: '2026-11-30T08:45:00.000Z' } }} />, owing);
    expect(html).toContain('Two-factor authentication will be turned off on');
    expect(html).toContain('enter the code from your authenticator app (or a recovery code) below: that cancels the reset');
    expect(html.indexOf('pending-reset-notice')).toBeLessThan(html.indexOf('name="token"'));
  });

  it('after a recovery code: how many are left, and a strong word with few', () => {
    const some = render(<TwoFactorVerifyForm initial={{ recoveryCodesLeft: 7 }} />, { ...owing, tfaPassed: true });
    expect(some).toContain('You have 7 recovery codes left.');
    expect(some).toContain('href="/two_factor#recovery-codes"');
    expect(some).not.toContain('Make new ones now');
    const none = render(<TwoFactorVerifyForm initial={{ recoveryCodesLeft: 0 }} />, { ...owing, tfaPassed: true });
    expect(none).toContain('You have no recovery codes left.');
    expect(none).toContain('Make new ones now');
  });

  it('says it is loading until the session is known', () => {
    expect(render(<TwoFactorVerifyForm />)).toMatch(/role="status"[^>]*>Loading…/);
  });
});

describe('the account menu', () => {
  it('links the account pages, the saved cards among them', () => {
    const html = render(<AccountMenu icon={null} />, signedIn);
    const links = [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['/orders', 'Orders'],
      ['/profile', 'Profile'],
      ['/profile/addresses', 'Addresses'],
      ['/profile/cards', 'Saved cards'],
    ]);
  });
});

describe('/profile', () => {
  it("shows the user's details for editing, the e-mail read-only, and links to the address book and security pages", () => {
    const html = render(<ProfileForm />, signedIn);
    expect(html).toContain('<dd>ana@example.com</dd>');
    expect(html).not.toContain('value="ana@example.com"');
    expect(html).toContain('value="Ana"');
    expect(html).toContain('value="Lim"');
    expect(html).toContain('value="+6591234567"');
    expect(html).toContain('value="1990-05-01"');
    expect(html).toMatch(/<option value="SG" selected="">Singapore<\/option>/);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="female"/);
    expect(html).toContain('href="/profile/password"');
    expect(html).toContain('href="/two_factor"');
    expect(html).toContain('href="/profile/addresses"');
    expect(html).toMatch(/<a href="\/profile\/cards">Your saved cards<\/a>/);
  });

  it('the countries start with Singapore and Malaysia', () => {
    const html = render(<ProfileForm />, signedIn);
    const options = [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(options.slice(0, 2)).toEqual(['SG', 'MY']);
    expect(options.length).toBeGreaterThan(200);
  });

  it('a save is confirmed in a status message', () => {
    const html = render(<ProfileForm initialNotice={{ kind: 'saved' }} />, signedIn);
    expect(html).toMatch(/role="status"[^>]*>Your profile has been saved\./);
  });

  it('shows nothing without a profile (RequireSignIn is in charge then)', () => {
    expect(render(<ProfileForm />)).toBe('');
  });
});

describe('/profile/password', () => {
  it('asks for the current password and the new one twice', () => {
    const html = render(<ChangePasswordForm />, signedIn);
    expect(html).toMatch(/autoComplete="current-password"/i);
    expect(html.match(/autoComplete="new-password"/gi)).toHaveLength(2);
    expect(html).toContain('href="/forgot_password"');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('success says other devices were signed out', () => {
    const html = render(<ChangePasswordForm initial={{ kind: 'done' }} />, signedIn);
    expect(html).toMatch(/role="status"/);
    expect(html).toContain('Every other device signed in to your account has been signed out.');
  });
});

describe('/two_factor', () => {
  const setup = {
    otpauthUri: 'otpauth://totp/Kedai:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Kedai',
    qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    manualKey: 'JBSW Y3DP EHPK 3PXP',
  };
  const quiet = { recoveryCodesLeft: 10, pendingReset: null };

  it('while loading says it is checking', () => {
    expect(render(<TwoFactorSettings />, signedIn)).toContain('Checking your two-factor settings');
  });

  it('off: offers to set up, or not now', () => {
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'off' } }} />, signedIn);
    expect(html).toContain('Two-factor authentication is off.');
    expect(html).toContain('>Set up</button>');
    expect(html).toContain('>Not now</button>');
    // Once skipped, it is not offered again.
    expect(render(<TwoFactorSettings initial={{ view: { kind: 'off' } }} />, { ...signedIn, tfaSetupSkipped: true })).not.toContain(
      'Not now',
    );
  });

  it('after set-up: the QR image with alt text, the grouped manual key, and a code field', () => {
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'setup', setup } }} />, signedIn);
    expect(html).toMatch(/<img[^>]*src="data:image\/svg\+xml;base64,PHN2Zz48L3N2Zz4="/);
    expect(html).toMatch(/<img[^>]*alt="QR code to add your Kedai account to an authenticator app"/);
    expect(html).toMatch(/<code[^>]*data-testid="tfa-manual-key"[^>]*>JBSW Y3DP EHPK 3PXP<\/code>/);
    expect(html).toContain('Copy key');
    expect(html).toContain(`href="${setup.otpauthUri.replace(/&/g, '&amp;')}"`);
    const code = /<input[^>]*name="token"[^>]*>/.exec(html)?.[0] ?? '';
    expect(code).toContain('inputMode="numeric"');
    expect(code).toMatch(/autoComplete="one-time-code"/i);
    expect(code).toMatch(/maxLength="8"/i);
    expect(html).toContain('>Turn on</button>');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('on: offers to turn it off and the lost-authenticator link', () => {
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'on', status: quiet } }} />, signedIn);
    expect(html).toContain('Two-factor authentication is on.');
    expect(html).toContain('>Turn off</button>');
    expect(html).toContain('Lost your authenticator?');
    expect(html).not.toContain('name="token"');
  });

  it('on: says how many recovery codes remain and offers new ones; few left is said strongly', () => {
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'on', status: quiet } }} />, signedIn);
    expect(html).toContain('id="recovery-codes"');
    expect(html).toContain('You have 10 recovery codes left.');
    expect(html).toContain('>Make new recovery codes</button>');
    const few = render(<TwoFactorSettings initial={{ view: { kind: 'on', status: { ...quiet, recoveryCodesLeft: 1 } } }} />, signedIn);
    expect(few).toContain('<strong>You have 1 recovery code left.</strong>');
    expect(few).toContain('Make new ones now');
  });

  it('making new recovery codes asks for the password and a current code', () => {
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'renewing', status: quiet } }} />, signedIn);
    expect(html).toContain('New codes replace all your old ones.');
    expect(html).toMatch(/<input[^>]*type="password"[^>]*autoComplete="current-password"/i);
    expect(html).toMatch(/<input[^>]*name="token"/);
    expect(html).toContain('>Make new codes</button>');
    expect(describedByTargetsExist(html)).toBe(true);
  });

  it('a reset by e-mail waiting to take effect is said at the top, with what to do if it was not you', () => {
    const pendingReset = { effectiveAt: '2026-11-30T08:45:00.000Z' };
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'on', status: { ...quiet, pendingReset } } }} />, signedIn);
    expect(html).toContain('data-testid="pending-reset-notice"');
    expect(html).toContain('Two-factor authentication will be turned off on');
    expect(html).toContain('<time dateTime="2026-11-30T08:45:00.000Z">');
    expect(html).toContain('This was not me');
    expect(render(<TwoFactorSettings initial={{ view: { kind: 'on', status: quiet } }} />, signedIn)).not.toContain('pending-reset-notice');
  });

  it('just turned on: the recovery codes, once, before anything else', () => {
    const codes = ['abcd-efgh-jkmn-pqrs', 'tuvw-xyz2-3456-789a'];
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'codes', codes, turnedOn: true } }} />, signedIn);
    expect(html).toContain('Two-factor authentication is on.');
    expect(html).toContain('Save your recovery codes');
    expect(html).toContain('<code>abcd-efgh-jkmn-pqrs</code>');
    expect(html).toContain('I have saved these codes somewhere safe');
  });

  it('turning off asks for the password and a current code, each with its label', () => {
    const html = render(<TwoFactorSettings initial={{ view: { kind: 'disabling', status: quiet } }} />, signedIn);
    expect(html).toMatch(/<input[^>]*name="token"/);
    const password = /<input[^>]*type="password"[^>]*>/.exec(html)?.[0] ?? '';
    expect(password).toMatch(/autoComplete="current-password"|autocomplete="current-password"/i);
    const id = /id="([^"]+)"/.exec(password)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain('>Turn off</button>');
  });

  it('results are announced: success as status, failure as alert', () => {
    const done = render(
      <TwoFactorSettings
        initial={{ view: { kind: 'on', status: quiet }, notice: { tone: 'success', text: "We've e-mailed you a link" } }}
      />,
      signedIn,
    );
    expect(done).toMatch(/role="status"[^>]*>We&#x27;ve e-mailed you a link/);
    const failed = render(<TwoFactorSettings initial={{ view: { kind: 'loadError', message: 'Unknown error' } }} />, signedIn);
    expect(failed).toMatch(/role="alert"/);
    expect(failed).toContain('Try again');
  });
});

describe('/two_factor/reset', () => {
  it('offers one button to turn two-factor off (works signed out)', () => {
    expect(render(<TwoFactorReset token="tok" />)).toContain('>Turn off two-factor authentication</button>');
  });

  it('success says the reset is scheduled for a time in words, not done; an invalid link is shown with its message', () => {
    const scheduled = render(
      <TwoFactorReset token="tok" timeZone="Asia/Singapore" initial={{ kind: 'scheduled', effectiveAt: '2026-11-30T08:45:00.000Z' }} />,
    );
    expect(scheduled).toMatch(/role="status"/);
    expect(scheduled).toContain('Two-factor authentication will be turned off on');
    expect(scheduled).toContain('<time dateTime="2026-11-30T08:45:00.000Z">Monday 30 November 2026 at 4:45 pm</time>');
    expect(scheduled).toContain('not turned off at once');
    expect(scheduled).not.toContain('Two-factor authentication is off.');
    const invalid = render(
      <TwoFactorReset
        token="tok"
        initial={{ kind: 'error', message: 'This two-factor reset link is not valid, please request a new one' }}
      />,
    );
    expect(invalid).toMatch(/role="alert"/);
    expect(invalid).toContain('This two-factor reset link is not valid');
    expect(render(<TwoFactorReset token="" />)).toContain('not complete');
  });

  it('a staff account is told what to do instead, not to ask for a new link', () => {
    const html = render(<TwoFactorReset token="tok" initial={{ kind: 'error', message: 'Ask an owner', staff: true }} />);
    expect(html).toContain('Ask an owner');
    expect(html).not.toContain('to ask');
  });
});

describe('/two_factor/cancel_reset', () => {
  it('offers one button, "this was not me" (works signed out)', () => {
    expect(render(<TwoFactorCancelReset token="tok" />)).toContain('>This was not me — keep two-factor on</button>');
    expect(render(<TwoFactorCancelReset token="" />)).toContain('This link is not complete.');
  });

  it('cancelled: says two-factor stays on and advises a new password', () => {
    const html = render(<TwoFactorCancelReset token="tok" initial={{ kind: 'cancelled' }} />);
    expect(html).toMatch(/role="status"/);
    expect(html).toContain('Two-factor authentication stays on');
    expect(html).toContain('href="/forgot_password"');
    expect(render(<TwoFactorCancelReset token="tok" initial={{ kind: 'cancelled' }} />, signedIn)).toContain('href="/profile/password"');
  });

  it('a link that no longer cancels anything is said as an alert, without the button', () => {
    const html = render(
      <TwoFactorCancelReset token="tok" initial={{ kind: 'error', message: 'This link no longer cancels anything', final: true }} />,
    );
    expect(html).toMatch(/role="alert"/);
    expect(html).not.toContain('<button');
  });
});
