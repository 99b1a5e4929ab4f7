import { expect, test } from '@playwright/test';
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
  await page.getByRole('textbox', { name: 'Brief' }).fill('Handwoven ilala palm baskets from KwaZulu-Natal');
  await expect(page.getByTestId('ai-price')).toContainText('Price: 1 credit.');
  await shot('01-brief');

  await test.step('the text streams in and the balance falls by the shown price', async () => {
    await page.getByRole('button', { name: 'Write for 1 credit' }).click();
    await expect(page.getByTestId('ai-output')).toContainText('Handwoven ilala palm baskets from KwaZulu-Natal. Made with care');
    await expect(page.getByTestId('ai-charged')).toHaveText('Used 1 credit. Credits left: 104.');
    await expect(balance).toContainText('AI credits: 104');
    await expect(balance).toContainText('4 of your plan’s 5 this cycle, 100 bought');
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
});
