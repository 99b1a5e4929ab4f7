import { expect, test } from '@playwright/test';
import { waitForCode } from '../support/mailbox-file.js';
import { registerViaUi, skipCookieConsent } from './auth-support';
import { addProduct, newTraderWithWorkspace } from './inventory-support';

/** AI writing through the local OpenAI-compatible sandbox, paid with credits. */
test('a trader writes a product description for the shown price, inserts it into a product, and a failed run spends nothing', async ({
  page,
  context,
}, info) => {
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/ai-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'ai', info.project.name, `AI ${info.project.name}`);
  await page.goto(`/workspace/${workspaceId}/inventory`);
  await addProduct(page, { name: 'Ilala basket', price: '250' });

  await page.goto(`/workspace/${workspaceId}/ai-generator`);
  const balance = page.getByTestId('ai-balance');
  // 100 welcome credits and Mahala's 5 for the month.
  await expect(balance).toContainText('AI credits: 105');
  await expect(balance).toContainText('(5 of your plan’s 5 this cycle, 100 welcome credits)');
  await expect(balance).not.toContainText('bought');
  // A writing service charges: its text is not sample text.
  await expect(page.getByTestId('ai-sample-notice')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Brief' }).fill('Handwoven ilala palm baskets from KwaZulu-Natal');
  await expect(page.getByTestId('ai-price')).toContainText('Price: 1 credit.');
  await shot('01-brief');

  await test.step('the text streams in and the balance falls by the shown price', async () => {
    await page.getByRole('button', { name: 'Write for 1 credit' }).click();
    await expect(page.getByTestId('ai-output')).toContainText('Handwoven ilala palm baskets from KwaZulu-Natal. Made with care');
    await expect(page.getByTestId('ai-charged')).toHaveText('Used 1 credit. Credits left: 104.');
    await expect(balance).toContainText('AI credits: 104');
    await expect(balance).toContainText('4 of your plan’s 5 this cycle, 100 welcome credits');
    await expect(page.getByRole('heading', { name: 'Written text' })).toBeVisible();
    await shot('02-written');
  });

  await test.step('Insert into product writes the product’s description', async () => {
    await page.getByRole('button', { name: 'Insert into product' }).click();
    await expect(page.getByTestId('ai-inserted')).toHaveText(
      'The text is now the description of Ilala basket. It syncs with your other devices.',
    );
  });

  await test.step('a generation that breaks off spends nothing', async () => {
    await page.getByRole('textbox', { name: 'Brief' }).fill('Shweshwe cushion covers [sandbox:break]');
    await page.getByRole('button', { name: 'Write for 1 credit' }).click();
    await expect(page.getByTestId('ai-failed')).toHaveText('The text could not be written. No credits were spent.');
    await expect(balance).toContainText('AI credits: 104');
    await shot('03-failed');
  });

  await test.step('offline it needs a connection and the brief is kept', async () => {
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Brief' }).fill('Amasi in glass bottles');
    await expect(page.getByText('AI writing needs a connection')).toBeVisible();
    await expect(page.getByRole('button', { name: /Write for/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Brief' })).toHaveValue('Amasi in glass bottles');
    await shot('04-offline');
    await context.setOffline(false);
  });

  await test.step('prompt templates', async () => {
    await page.goto(`/workspace/${workspaceId}/prompt-management`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Launch');
    await page.getByRole('textbox', { name: 'Template', exact: true }).fill('A description of {{product}} for {{audience}}');
    await page.getByLabel('Variables').fill('product');
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('The template uses {{audience}}, which is not one of its variables.')).toBeVisible();
    await page.getByLabel('Variables').fill('product, audience');
    await page.getByRole('button', { name: 'Save template' }).click();
    const saved = page.getByRole('list', { name: 'Saved templates' });
    await expect(saved.getByText('Launch', { exact: true })).toBeVisible();
    await saved.getByRole('textbox', { name: 'product' }).fill('vetkoek');
    await saved.getByRole('textbox', { name: 'audience' }).fill('night owls');
    await shot('05-templates');
    await saved.getByRole('button', { name: 'Use this brief' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/ai-generator$`));
    await expect(page.getByRole('textbox', { name: 'Brief' })).toHaveValue('A description of vetkoek for night owls');
  });

  await test.step('a blog post goes into a new entry: a real title from the brief, the whole text as its body', async () => {
    const brief =
      'Why handwoven ilala palm baskets from KwaZulu-Natal last for years in a busy kitchen, and how to care for them so they keep their shape';
    await page.getByLabel('What to write').selectOption('blog_post');
    await page.getByRole('textbox', { name: 'Brief' }).fill(brief);
    await page.getByRole('button', { name: 'Write for 2 credits' }).click();
    // Longer than a title may be, on one line: it is the body, not a title cut short.
    await expect(page.getByTestId('ai-charged')).toHaveText('Used 1 credit. Credits left: 103.');
    await page.getByRole('button', { name: 'Insert into entry' }).click();
    await expect(page.getByTestId('ai-inserted-entry')).toContainText(`The text is in “${brief}”, a draft in Content.`);
    await shot('09-blog-inserted');
    await page.getByRole('link', { name: 'Open it in the editor' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(brief);
    await expect(page.getByRole('textbox', { name: 'Body' })).toContainText(
      `${brief}. Made with care for people who want something that lasts. Order today and see why customers come back for more.`,
    );
    await shot('10-blog-entry');
  });
});

test("on the free plan with no bought credits the month's fifth generation runs and the sixth asks for credits; a caption goes into a new draft", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const shot = (p: typeof page, name: string) =>
    p.screenshot({ path: `tests/screenshots/ai-${info.project.name}-${name}.png`, fullPage: true });
  const { email, workspaceId } = await newTraderWithWorkspace(page, 'ai-free', info.project.name, `Mahala ${info.project.name}`);

  await test.step('an admin takes away the 100 welcome credits, with a reason; bad input changes nothing', async () => {
    const context = await browser.newContext(info.project.name === 'phone' ? { viewport: { width: 390, height: 844 } } : {});
    const admin = await context.newPage();
    try {
      const adminEmail = `admin-ai-${info.project.name}@e2e.vuka.test`;
      await skipCookieConsent(admin);
      await registerViaUi(admin, 'Refilwe Admin', adminEmail);
      await admin.getByRole('button', { name: 'Enter Verification Code' }).click();
      const verify = admin.getByRole('dialog', { name: 'Enter Verification Code' });
      await verify.getByLabel('Verification code').fill(await waitForCode(adminEmail));
      await verify.getByRole('button', { name: 'Verify' }).click();
      await expect(admin.getByRole('dialog', { name: 'Email Verified Successfully' })).toBeVisible();
      await admin.goto('/controlhub');
      await admin.getByRole('link', { name: 'Adjust AI credits' }).click();
      const form = admin.getByRole('form', { name: 'Adjust AI credits' });
      await form.getByLabel('Account e-mail').fill(email);
      await form.getByLabel('Credits').fill('0');
      await form.getByLabel('Reason').fill('Welcome credits of a test shop');
      await form.getByRole('button', { name: 'Adjust credits' }).click();
      await expect(form.getByText('Enter a whole number of credits between -100000 and 100000, not 0')).toBeVisible();
      await form.getByLabel('Credits').fill('-101');
      await form.getByRole('button', { name: 'Adjust credits' }).click();
      await expect(form.getByText('Credits cannot go below 0: this account has 100 welcome and 0 bought credits.')).toBeVisible();
      await form.getByLabel('Credits').fill('-100');
      await form.getByRole('button', { name: 'Adjust credits' }).click();
      await expect(admin.getByTestId('credits-adjusted')).toHaveText(
        `Took away 100 credits: Thandi Mokoena (${email}) now has 0 welcome and 0 bought credits.`,
      );
      await shot(admin, '05-admin-credits');
    } finally {
      await context.close();
    }
  });

  const balance = page.getByTestId('ai-balance');
  const brief = page.getByRole('textbox', { name: 'Brief' });
  await page.goto(`/workspace/${workspaceId}/ai-generator`);
  await expect(balance).toContainText('AI credits: 5');
  await page.getByLabel('What to write').selectOption('caption');

  await test.step('five captions, a credit each, all run', async () => {
    for (let n = 1; n <= 5; n++) {
      await brief.fill(`Saturday market special number ${n}`);
      await page.getByRole('button', { name: 'Write for 1 credit' }).click();
      await expect(page.getByTestId('ai-charged')).toHaveText(`Used 1 credit. Credits left: ${5 - n}.`);
      if (n === 1) {
        await test.step('the first caption goes into a new draft in Content', async () => {
          await expect(page.getByLabel('Content entry')).toHaveValue('new');
          await page.getByRole('button', { name: 'Insert into entry' }).click();
          await expect(page.getByTestId('ai-inserted-entry')).toContainText(
            'The text is in “Saturday market special number 1”, a draft in Content.',
          );
          await shot(page, '06-inserted-entry');
        });
      }
    }
    await expect(balance).toContainText('AI credits: 0');
  });

  await test.step('the sixth asks for credits and spends nothing', async () => {
    await brief.fill('Saturday market special number 6');
    await page.getByRole('button', { name: 'Write for 1 credit' }).click();
    await expect(page.getByText('This costs 1 credit and you have 0. Buy a credit pack to keep writing.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy a credit pack' })).toBeVisible();
    await expect(balance).toContainText('AI credits: 0');
    await shot(page, '07-sixth-refused');
  });

  await test.step('the draft has a real title and the whole caption as its body; the credit history gives the admin’s reason', async () => {
    await page.goto(`/workspace/${workspaceId}/content`);
    await page.getByRole('link', { name: 'Saturday market special number 1', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Saturday market special number 1');
    await expect(page.getByRole('textbox', { name: 'Body' })).toContainText(
      'Saturday market special number 1. Made with care for people who want something that lasts.',
    );
    await shot(page, '08-draft-from-ai');
    await page.goto(`/workspace/${workspaceId}/billing/history`);
    await expect(page.getByText('Welcome credits of a test shop')).toBeVisible();
  });
});
