import type { Page } from 'playwright-core';

/** What the console's start screen is given. */
export interface ConsoleChoice {
  readonly medic: string;
  readonly patient: string;
  readonly patientGender?: 'female' | 'male';
  /** Leave the translations' sound on (the default, as at the bedside). */
  readonly autoplay?: boolean;
}

/**
 * Opens the console at `url`, starts a conversation with `choice` on the start screen, and
 * resolves once its text box can be used.
 */
export async function startConsoleConversation(
  page: Page,
  url: string,
  choice: ConsoleChoice,
): Promise<void> {
  await page.goto(`${url}/`);
  await page.locator('#medic-language option[value="es-ES"]').waitFor({ state: 'attached' });
  await page.selectOption('#medic-language', choice.medic);
  await page.selectOption('#patient-language', choice.patient);
  if (choice.patientGender) await page.selectOption('#patient-gender', choice.patientGender);
  await page.click('#start-button');
  await page.locator('body[data-screen="conversation"]').waitFor();
  if (choice.autoplay === false) await page.uncheck('#autoplay');
  await page.locator('#type-text:not([disabled])').waitFor();
}
