import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';

const session = useBrowser();

/**
 * Chromium logs every 4xx/5xx answer and every aborted request as a console error,
 * and the harness records same-origin 5xx answers: the tests that cause them on
 * purpose drop exactly those, and anything else still fails the test.
 */
function expectOnlyProblemsFrom(t: TestPage, apiPath: string) {
  const expected = [
    /^console: Failed to load resource: the server responded with a status of (400|429|500)/,
    /^console: Failed to load resource: net::ERR_FAILED$/,
    new RegExp(`^500 ${session.baseUrl}${apiPath}$`),
  ];
  expect(t.problems.filter((p) => !expected.some((re) => re.test(p)))).toEqual([]);
}

/** The submit button is enabled once React has taken over the page. */
async function openForm(t: TestPage, path: string, submitName: string) {
  await t.page.goto(path);
  // The form hydrates as it comes near the viewport, as when a visitor scrolls to it.
  await t.page.locator('form').scrollIntoViewIfNeeded();
  await t.page.getByRole('button', { name: submitName, disabled: false }).waitFor();
  return t.page.locator('form button[type="submit"]');
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A text field or select by its label: the accessible name, which leaves out the
 * required fields' asterisk and may end with "(optional)".
 */
function field(page: Page, label: string) {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(optional\\))?$`);
  return page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name }));
}

/** The field is marked invalid and its aria-describedby names an element that holds `message`. */
async function expectFieldError(page: Page, name: string, message: string) {
  const control = field(page, name);
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  const describedBy = await control.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  const texts = await Promise.all(
    describedBy!.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  expect(texts).toContain(message);
}

async function expectToast(page: Page, title: string, description: string) {
  // Radix renders each toast as a list item of the toast viewport.
  const toast = page.locator('li[data-state="open"]').filter({ hasText: title });
  await toast.waitFor();
  expect(await toast.textContent()).toContain(description);
}

const inquiry = {
  companyName: 'Acacia Logistics',
  contactPerson: 'Wanjiru Kamau',
  email: 'Wanjiru@Acacia.example',
  message: 'We want to validate a driver app before the Mombasa launch.',
};

async function fillInquiry(page: Page) {
  await field(page, 'Company name').fill(inquiry.companyName);
  await field(page, 'Contact person').fill(inquiry.contactPerson);
  await field(page, 'Email').fill(inquiry.email);
  await choose(page, 'Service you need', 'User Research & Testing');
  await choose(page, 'Urgency', 'Within 2 weeks');
  await choose(page, 'Budget (USD)', '$15,000 – $30,000');
  await field(page, 'Project details').fill(inquiry.message);
}

describe('company inquiry (/company-inquiry)', () => {
  it('shows an error under each required field on an empty submit, and focuses the first', async () => {
    const t = await session.newPage();
    const submit = await openForm(t, '/company-inquiry', 'Send inquiry');
    expect(await t.page.locator('h1').allTextContents()).toEqual(["Let's Work Together"]);
    expect(await t.page.title()).toBe("Let's Work Together | InsightLab");

    await submit.click();
    await expectFieldError(t.page, 'Company name', 'Company name is required');
    await expectFieldError(t.page, 'Contact person', 'Contact person is required');
    await expectFieldError(t.page, 'Email', 'Please enter a valid email address');
    await expectFieldError(t.page, 'Service you need', 'Please choose a service');
    await expectFieldError(t.page, 'Project details', 'Please tell us about your project');
    expect(
      await t.page.getByRole('combobox', { name: 'Urgency' }).getAttribute('aria-invalid'),
    ).toBe('false');
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
      await field(t.page, 'Company name').getAttribute('id'),
    );

    // A fixed field loses its error as soon as it is valid.
    await field(t.page, 'Company name').fill('Acacia');
    await expect
      .poll(() => field(t.page, 'Company name').getAttribute('aria-invalid'))
      .toBe('false');
    await expectNoAxeViolations(t.page);
    expectNoProblems(t);
    await t.close();
  });

  it('sends the inquiry (201), says so with a toast and goes home after 2 seconds', async () => {
    const t = await session.newPage();
    await t.page.clock.install();
    const submit = await openForm(t, '/company-inquiry', 'Send inquiry');
    await fillInquiry(t.page);

    const answer = t.page.waitForResponse(
      (r) => r.url().endsWith('/api/client-requests') && r.request().method() === 'POST',
    );
    // From here the page's timers move only when the test moves them: the 2 s are counted
    // exactly, whatever the machine's load.
    await t.page.clock.pauseAt(await t.page.evaluate(() => Date.now() + 1000));
    await submit.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      companyName: inquiry.companyName,
      contactPerson: inquiry.contactPerson,
      email: 'wanjiru@acacia.example',
      service: 'research',
      urgency: '2-weeks',
      budget: '15k-30k',
      message: inquiry.message,
      website: '',
    });
    const { clientRequest } = (await response.json()) as {
      clientRequest: { id: string; companyName: string; status: string };
    };
    expect(clientRequest).toMatchObject({ companyName: inquiry.companyName, status: 'new' });
    expect(clientRequest.id).toBeTruthy();

    // The answer is handled through zero-delay timers (React Query's notifications): the
    // page's time moves 1 ms at a time until the form says it was sent, in the same step
    // that schedules the redirect. So the redirect is due 2000 - stepped to 2000 ms from then.
    let stepped = 0;
    await expect
      .poll(async () => {
        await t.page.clock.runFor(1);
        stepped += 1;
        return submit.textContent();
      })
      .toBe('Inquiry sent');
    await t.page.clock.runFor(1999 - stepped);
    await expectToast(t.page, 'Inquiry sent!', 'within 24 hours');
    expect(await submit.isDisabled()).toBe(true);
    expect(await t.page.evaluate(() => location.pathname)).toBe('/company-inquiry');
    await t.page.clock.runFor(stepped + 1);
    await t.page.waitForURL((url) => url.pathname === '/');
    expectNoProblems(t);
    await t.close();
  });

  it('keeps every value and says what failed when the server fails', async () => {
    const t = await session.newPage();
    await t.page.clock.install();
    // The answer is held until the test has seen the pending state.
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    await t.page.route('**/api/client-requests', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
      });
    });
    const submit = await openForm(t, '/company-inquiry', 'Send inquiry');
    await fillInquiry(t.page);
    await submit.click();

    // Pending: the button says so and cannot be pressed twice.
    const pending = t.page.getByRole('button', { name: 'Sending…' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    answerNow();

    await expectToast(
      t.page,
      'Submission failed',
      'Something went wrong on our side. Please try again.',
    );
    expect(await field(t.page, 'Company name').inputValue()).toBe(inquiry.companyName);
    expect(await field(t.page, 'Contact person').inputValue()).toBe(inquiry.contactPerson);
    expect(await field(t.page, 'Email').inputValue()).toBe(inquiry.email);
    expect(await field(t.page, 'Project details').inputValue()).toBe(inquiry.message);
    expect(
      await t.page.getByRole('combobox', { name: 'Service you need' }).textContent(),
    ).toContain('User Research & Testing');
    expect(await t.page.getByRole('combobox', { name: 'Urgency' }).textContent()).toContain(
      'Within 2 weeks',
    );
    expect(await t.page.getByRole('combobox', { name: 'Budget' }).textContent()).toContain(
      '$15,000 – $30,000',
    );
    expect(await submit.isEnabled()).toBe(true);

    // Without a reachable server, the toast falls back to the spec's text.
    await t.page.unroute('**/api/client-requests');
    await t.page.route('**/api/client-requests', (route) => route.abort('failed'));
    await submit.click();
    await expectToast(
      t.page,
      'Submission failed',
      'An error occurred while submitting your inquiry',
    );
    expect(await field(t.page, 'Company name').inputValue()).toBe(inquiry.companyName);

    // Past the success path's 2 s redirect on the page's clock: a failure stays put.
    await t.page.clock.runFor(5000);
    expect(await t.page.evaluate(() => location.pathname)).toBe('/company-inquiry');
    expectOnlyProblemsFrom(t, '/api/client-requests');
    await t.close();
  });

  it("says a submission failed, plainly, when the toaster's own code cannot be fetched either (offline), and keeps the page and the form", async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    // The toaster's chunk is fetched when the browser is idle; here it never arrives.
    await t.page.route('**/assets/toaster-*.js', (route) => route.abort('internetdisconnected'));
    const submit = await openForm(t, '/company-inquiry', 'Send inquiry');
    await fillInquiry(t.page);
    await t.page.route('**/api/client-requests', (route) => route.abort('internetdisconnected'));
    await submit.click();
    const plain = t.page.getByTestId('plain-toasts');
    await expect.poll(() => plain.textContent()).toContain('Submission failed');
    expect(await plain.getAttribute('role')).toBe('status');
    expect(await t.page.locator('h1').allTextContents()).toEqual(["Let's Work Together"]);
    expect(await field(t.page, 'Company name').inputValue()).toBe(inquiry.companyName);
    await expectNoAxeViolations(t.page);
    // The two refused fetches are logged; the page itself never failed.
    expect(
      t.problems.filter(
        (p) =>
          !/^console: (Failed to load resource: net::ERR_INTERNET_DISCONNECTED|.*Failed to fetch dynamically imported module)/.test(
            p,
          ),
      ),
    ).toEqual([]);
    await t.close();
  });

  it("shows the server's field errors under their fields", async () => {
    const t = await session.newPage();
    await t.page.route('**/api/client-requests', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Please check the highlighted fields',
          errors: { email: 'This address cannot receive mail' },
        }),
      }),
    );
    const submit = await openForm(t, '/company-inquiry', 'Send inquiry');
    await fillInquiry(t.page);
    await submit.click();
    await expectToast(t.page, 'Submission failed', 'Please check the highlighted fields');
    await expectFieldError(t.page, 'Email', 'This address cannot receive mail');
    expectOnlyProblemsFrom(t, '/api/client-requests');
    await t.close();
  });

  it('hides the honeypot from people: off-screen, aria-hidden, out of the tab order', async () => {
    const t = await session.newPage();
    await openForm(t, '/company-inquiry', 'Send inquiry');
    const trap = t.page.locator('input[name="website"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const box = await trap.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);

    // Keyboard: from the last field, Tab goes straight to the submit button.
    await field(t.page, 'Project details').focus();
    await t.page.keyboard.press('Tab');
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe('Send inquiry');
    expectNoProblems(t);
    await t.close();
  });

  it('/client-request serves the same form under its own heading', async () => {
    const t = await session.newPage();
    await openForm(t, '/client-request', 'Send inquiry');
    expect(await t.page.locator('h1').allTextContents()).toEqual(['Start Your Project']);
    expect(await t.page.title()).toBe('Start Your Project | InsightLab');
    await field(t.page, 'Project details').waitFor();
    expectNoProblems(t);
    await t.close();
  });
});

const research = {
  company: 'Savannah Health',
  contactName: 'Otieno Odhiambo',
  email: 'otieno@savannah.example',
  phone: '+254 711 222 333',
  targetAudience: 'Clinic managers in Kisumu',
  goals: 'Decide which booking flow to build first.',
  description: 'A patient booking app for small clinics; we want to test two prototypes.',
};

async function fillResearch(page: Page) {
  await field(page, 'Company').fill(research.company);
  await field(page, 'Contact name').fill(research.contactName);
  await field(page, 'Email').fill(research.email);
  await field(page, 'Phone').fill(research.phone);
  await choose(page, 'Project type', 'Mobile app');
  await choose(page, 'Timeline', '3–4 weeks');
  await choose(page, 'Budget (Ksh)', 'Ksh 100,000 – 250,000');
  await field(page, 'Target audience').fill(research.targetAudience);
  await field(page, 'Research goals').fill(research.goals);
  await field(page, 'Project description').fill(research.description);
}

describe('typing before the form hydrates', () => {
  it('keeps what was typed into the prerendered form before it hydrated, and sends it', async () => {
    const t = await session.newPage({ width: 375, height: 740 });
    // The islands' code is held back: the visitor types into the server's HTML meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await t.page.route(/\/assets\/islands-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await t.page.goto('/company-inquiry');
    await field(t.page, 'Company name').fill(inquiry.companyName);
    await field(t.page, 'Project details').fill(inquiry.message);
    const submit = t.page.locator('form button[type="submit"]');
    expect(await submit.isDisabled()).toBe(true);
    release();
    await t.page.locator('form').scrollIntoViewIfNeeded();
    await t.page.getByRole('button', { name: 'Send inquiry', disabled: false }).waitFor();
    expect(await field(t.page, 'Company name').inputValue()).toBe(inquiry.companyName);
    expect(await field(t.page, 'Project details').inputValue()).toBe(inquiry.message);
    await field(t.page, 'Contact person').fill(inquiry.contactPerson);
    await field(t.page, 'Email').fill(inquiry.email);
    await choose(t.page, 'Service you need', 'User Research & Testing');
    await choose(t.page, 'Urgency', 'Within 2 weeks');
    await choose(t.page, 'Budget (USD)', '$15,000 – $30,000');
    const answer = t.page.waitForResponse(
      (r) => r.url().endsWith('/api/client-requests') && r.request().method() === 'POST',
    );
    await submit.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      companyName: inquiry.companyName,
      message: inquiry.message,
    });
    expectNoProblems(t);
    await t.close();
  });
});

describe('research validation (/research-validation)', () => {
  it('shows an error under each required field on an empty submit', async () => {
    const t = await session.newPage();
    const submit = await openForm(t, '/research-validation', 'Request research');
    expect(await t.page.locator('h1').count()).toBe(1);
    expect(await t.page.title()).toBe('Research Validation | InsightLab');
    await submit.click();
    await expectFieldError(t.page, 'Company', 'Company name is required');
    await expectFieldError(t.page, 'Contact name', 'Contact name is required');
    await expectFieldError(t.page, 'Email', 'Please enter a valid email address');
    await expectFieldError(t.page, 'Phone', 'Please enter a valid phone number');
    await expectFieldError(
      t.page,
      'Project description',
      'Please describe what you want to validate',
    );
    expect(await field(t.page, 'Target audience').getAttribute('aria-invalid')).toBe('false');
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
      await field(t.page, 'Company').getAttribute('id'),
    );
    await expectNoAxeViolations(t.page);
    expectNoProblems(t);
    await t.close();
  });

  it('sends the request (201), clears the form and stays on the page', async () => {
    const t = await session.newPage();
    await t.page.clock.install();
    const submit = await openForm(t, '/research-validation', 'Request research');
    await fillResearch(t.page);
    const answer = t.page.waitForResponse(
      (r) => r.url().endsWith('/api/research-requests') && r.request().method() === 'POST',
    );
    await submit.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      ...research,
      // The phone field sends the number in E.164, as the server stores it.
      phone: '+254711222333',
      projectType: 'mobile-app',
      timeline: '3-4weeks',
      budget: '100k-250k',
      website: '',
    });

    await expectToast(t.page, 'Request submitted!', 'within 24 hours');
    for (const name of ['Contact name', 'Email', 'Phone', 'Target audience', 'Research goals']) {
      expect(await field(t.page, name).inputValue()).toBe('');
    }
    expect(await field(t.page, 'Company').inputValue()).toBe('');
    expect(await field(t.page, 'Project description').inputValue()).toBe('');
    expect(await t.page.getByRole('combobox', { name: 'Project type' }).textContent()).toContain(
      'Choose a type',
    );
    expect(await t.page.getByRole('combobox', { name: 'Budget (Ksh)' }).textContent()).toContain(
      'Choose a range',
    );
    // Past any redirect a success might schedule, on the page's clock: this form stays put.
    await t.page.clock.runFor(5000);
    expect(await t.page.evaluate(() => location.pathname)).toBe('/research-validation');
    expectNoProblems(t);
    await t.close();
  });

  it('keeps every value and shows the failure toast when the server fails', async () => {
    const t = await session.newPage();
    await t.page.route('**/api/research-requests', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
      }),
    );
    const submit = await openForm(t, '/research-validation', 'Request research');
    await fillResearch(t.page);
    await submit.click();
    await expectToast(
      t.page,
      'Failed to submit request',
      'Please try again or contact us directly.',
    );
    expect(await field(t.page, 'Company').inputValue()).toBe(research.company);
    expect(await field(t.page, 'Phone').inputValue()).toBe(research.phone);
    expect(await field(t.page, 'Project description').inputValue()).toBe(research.description);
    expect(await t.page.getByRole('combobox', { name: 'Timeline' }).textContent()).toContain(
      '3–4 weeks',
    );
    expectOnlyProblemsFrom(t, '/api/research-requests');
    await t.close();
  });
});

describe('accessibility of the lead pages', () => {
  for (const path of ['/company-inquiry', '/client-request', '/research-validation']) {
    for (const width of [375, 1280]) {
      it(`${path} at ${width} px: axe finds no violation, nothing overflows, selects work by keyboard`, async () => {
        const t = await session.newPage({ width });
        await t.page.goto(path);
        await t.page.locator('form').scrollIntoViewIfNeeded(); // it hydrates near the viewport
        await t.page.locator('button[type="submit"]:enabled').waitFor();
        await expectNoAxeViolations(t.page);
        const overflow = await t.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        // The selects work with the keyboard alone.
        const select = t.page.getByRole('combobox').first();
        await select.focus();
        await t.page.keyboard.press('Enter');
        await t.page.getByRole('listbox').waitFor();
        await t.page.keyboard.press('ArrowDown');
        await t.page.keyboard.press('Enter');
        await t.page.getByRole('listbox').waitFor({ state: 'detached' });
        expect(await select.getAttribute('data-placeholder')).toBeNull();
        expectNoProblems(t);
        await t.close();
      });
    }
  }
});
