/**
 * Issue 13, the controls' part: stepping teaches (6), readable at any size (8, not the NUMA
 * diagram), editing keeps what the user typed (9), touch (10), keyboard (11) and the small
 * things (12). One journey per point, as a user does it, by the names on the screen.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset = 'hello-pod') {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  // The step sentences' words arrive a moment after the first picture.
  await expect(page.locator('.step-line[data-worded="true"]').first()).toBeAttached();
}

const position = (page: Page) => page.getByRole('slider', { name: 'Timeline position' });
const sentence = (page: Page) => page.getByTestId('step-sentence');
const moved = (page: Page) => page.getByTestId('step-moved');
const forward = (page: Page) => page.getByRole('button', { name: 'Step forward' });

async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scenario editor' });
  const editor = dialog.getByRole('textbox', { name: 'Scenario YAML' });
  await expect(editor).toContainText('apiVersion: kubeletscope/v1');
  return { dialog, editor };
}

/** Replaces the editor's whole text, as a paste does. */
async function paste(page: Page, editor: ReturnType<Page['getByRole']>, text: string) {
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

test.describe('6. stepping teaches', () => {
  test('presets open at their start, with openAt as a bookmark', async ({ page }) => {
    await open(page, 'init-cpu-handoff');
    await expect(position(page)).toHaveAttribute('aria-valuetext', /^0 ms, step 0 of/);
    const bookmark = page.getByRole('button', { name: 'Jump to bookmark' });
    // Its moment: the app's cpuset written into its create request, once the init container is done.
    await expect(bookmark).toHaveText(/9\.0 s/);
    await bookmark.click();
    await expect(position(page)).toHaveAttribute('aria-valuetext', /^9\.0 s, step [1-9]\d* of/);
    // B is its key.
    await page.getByRole('button', { name: 'Jump to start' }).click();
    await page.locator('body').press('b');
    await expect(position(page)).toHaveAttribute('aria-valuetext', /^9\.0 s/);
  });

  test('the sentence for each step is shown beside the transport, as the live region says it', async ({
    page,
  }) => {
    await open(page);
    await expect(sentence(page)).toHaveText('0 s: the kubelet is starting');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await forward(page).click();
      // The live region is set in the click's own frame; the line on screen follows in a
      // React transition: it catches up to the same words.
      const said = (await page.getByTestId('narration').textContent())!;
      expect(said).toMatch(/^[\d.]+ s: /);
      await expect(sentence(page)).toHaveText(said);
      seen.add(said);
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  test('the machine that moved is named and marked even when steps share one instant', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('combobox', { name: 'Step granularity' }).selectOption('every');
    // Select web's app container: the State machines panel shows web's machines.
    await page.getByRole('button', { name: 'app', exact: true }).click();
    // Walk every transition; find two in a row at the same simulated time.
    let sameInstant = 0;
    let prev = { clock: '', moved: '' };
    for (let i = 0; i < 60 && sameInstant < 2; i++) {
      await forward(page).click();
      const clock = (await position(page).getAttribute('aria-valuetext'))!.split(',')[0]!;
      // The step line follows in a React transition: read it once it says this step.
      await expect(sentence(page)).toHaveText((await page.getByTestId('narration').textContent())!);
      const m = (await moved(page).textContent())!;
      if (clock === prev.clock && m !== prev.moved) sameInstant++;
      prev = { clock, moved: m };
    }
    expect(sameInstant).toBe(2);
    // A step of one of web's machines: the State machines panel marks that machine.
    for (let i = 0; i < 80; i++) {
      // (The component that moved, before the Event the step recorded.)
      if ((await moved(page).textContent())?.split(' · ')[0]?.includes('default/web')) break;
      await forward(page).click();
      await expect(sentence(page)).toHaveText((await page.getByTestId('narration').textContent())!);
    }
    const panel = page.getByRole('region', { name: 'State machines' });
    await expect(panel.locator('.machine.is-moved')).toHaveCount(1);
    await expect(panel.locator('.machine.is-moved')).toContainText('moved at this step');
  });

  test('Play at the end starts again from the beginning', async ({ page }) => {
    await open(page);
    // The last step, stepped onto one transition at a time. (A cursor on the last step
    // with the playhead before the run's end is covered in store.test.ts.)
    await page.getByRole('combobox', { name: 'Step granularity' }).selectOption('every');
    await page.getByRole('button', { name: 'Jump to end' }).click();
    await page.getByRole('button', { name: 'Step back' }).click();
    await forward(page).click();
    const total = /step (\d+) of (\d+)/.exec(
      (await position(page).getAttribute('aria-valuetext'))!,
    )!;
    expect(total[1]).toBe(total[2]);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Pause' }).click();
    const after = /step (\d+) of/.exec((await position(page).getAttribute('aria-valuetext'))!)!;
    expect(Number(after[1])).toBeLessThan(Number(total[2]) / 2);
  });
});

test.describe('8. readable at any size', () => {
  test('selects show their whole option, captions wrap, lanes have their names', async ({
    page,
  }) => {
    await open(page, 'init-cpu-handoff');
    for (const name of ['Scenario', 'Node topology', 'CPU manager policy', 'Theme']) {
      const select = page.getByRole('combobox', { name });
      const fits = await select.evaluate((el: HTMLSelectElement) => {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(el).font;
        probe.style.whiteSpace = 'pre';
        probe.textContent = el.selectedOptions[0]?.text ?? '';
        document.body.append(probe);
        const w = probe.getBoundingClientRect().width;
        probe.remove();
        return w <= el.clientWidth;
      });
      expect(fits, `${name} shows its option in full`).toBe(true);
    }
    await expect(page.getByRole('combobox', { name: 'Node topology' })).toHaveAttribute(
      'title',
      /^Scenario's: 2 sockets/,
    );
    // Every lane name can be read in full: on the label, or in its title.
    const lanes = page.locator('.tl-lane-label');
    for (const el of await lanes.all()) {
      const ok = await el.evaluate(
        (e: HTMLElement) =>
          e.scrollWidth <= e.clientWidth || (e.title ?? '').includes(e.textContent ?? ''),
      );
      expect(ok).toBe(true);
    }
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    test(`the caption wraps instead of being cut, ${size.width} wide`, async ({ page }) => {
      await page.setViewportSize(size);
      // The longest caption of the presets.
      await open(page, 'poststart-failure');
      const caption = page.locator('.caption');
      const cut = await caption.evaluate(
        (e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === 'ellipsis',
      );
      expect(cut).toBe(false);
      // Nothing on the page is wider than the window.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    });

  test('the Events table fits its panel at 1280×800: every column in sight', async ({ page }) => {
    await open(page, 'startup-time-breakdown');
    await page.getByRole('button', { name: 'Jump to bookmark' }).click();
    const table = page.getByRole('group', { name: 'Events table' });
    await expect(table.getByRole('cell', { name: 'Unhealthy' }).first()).toBeVisible();
    expect(await table.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  });

  test('the Inspector has room at 1280×800', async ({ page }) => {
    await open(page, 'init-cpu-handoff');
    await page.getByRole('button', { name: 'Jump to bookmark' }).click();
    await page.locator('body').press('.');
    const box = (await page.getByRole('region', { name: 'Inspector' }).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(380);
    expect(box.height).toBeGreaterThanOrEqual(160);
  });
});

test.describe('9. editing keeps what the user typed', () => {
  const hello = () => readFileSync('presets/hello-pod.yaml', 'utf8');

  test('an unknown pod field is an error at its own line, as kubectl --validate=strict says it', async ({
    page,
  }) => {
    await open(page);
    const { dialog, editor } = await openEditor(page);
    const text = hello().replace(
      '            image: nginx:1.27\n',
      '            image: nginx:1.27\n            startUpProbe:\n              exec: { command: [cat, /ready] }\n',
    );
    expect(text).toContain('startUpProbe');
    await paste(page, editor, text);
    const problems = dialog.getByRole('list', { name: 'Problems' });
    const line = text.split('\n').findIndex((l) => l.includes('startUpProbe')) + 1;
    await expect(problems).toContainText(
      `line ${line}:13: pods[0].manifest.spec.containers[0].startUpProbe: unknown field "spec.containers[0].startUpProbe"`,
    );
    // Marked in the editor itself, on that line.
    await expect(dialog.locator('.cm-lintRange-error')).toContainText('startUpProbe');
  });

  test('a scenario that parses but cannot run keeps its text and shows why at its line', async ({
    page,
  }) => {
    await open(page);
    const { dialog, editor } = await openEditor(page);
    const text = hello().replace(
      'topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }',
      'topology: { preset: no-such-machine }',
    );
    await paste(page, editor, text);
    const line = text.split('\n').findIndex((l) => l.includes('no-such-machine')) + 1;
    const problems = dialog.getByRole('list', { name: 'Problems' });
    await expect(problems).toContainText(`line ${line}: `);
    await expect(problems).toContainText('unknown topology preset "no-such-machine"');
    await expect(dialog.locator('.cm-lintRange-error')).toContainText('topology');
    await page.waitForTimeout(800);
    await expect(editor).toContainText('preset: no-such-machine');
    // The run on screen is the last one that worked.
    await expect(page.getByRole('img', { name: /^CPU 7: / })).toBeVisible();
  });

  test('an edit made elsewhere does not replace the text the user typed', async ({ page }) => {
    await open(page);
    const { dialog, editor } = await openEditor(page);
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText('# my own note\n');
    // Parsed a moment after typing stops (a comment: the same scenario, still valid).
    await page.waitForTimeout(700);
    await expect(dialog.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible();
    await page.getByRole('combobox', { name: 'CPU manager policy' }).selectOption('static');
    await expect(dialog.getByRole('status')).toContainText('your text was kept');
    await expect(editor).toContainText('# my own note');
    // Asked for, the current scenario replaces it.
    await dialog.getByRole('button', { name: 'Discard my changes' }).click();
    await expect(editor).not.toContainText('# my own note');
    await expect(editor).toContainText('cpuManagerPolicy: static');
  });

  test('a pasted kubectl get pod -o yaml is offered to be wrapped into a scenario', async ({
    page,
  }) => {
    await open(page, 'static-vs-none');
    const { dialog, editor } = await openEditor(page);
    await paste(page, editor, readFileSync('tests/fixtures/kubectl-get-pod.yaml', 'utf8'));
    const offer = dialog.getByRole('group', { name: 'Bare pod' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Wrap into a scenario' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible();
    await expect(editor).toContainText('kind: Scenario');
    await expect(editor).not.toContainText('managedFields');
    await page.getByRole('button', { name: 'Jump to end' }).click();
    await expect(
      page.getByRole('region', { name: 'Pods' }).getByText('web', { exact: true }),
    ).toBeVisible();
  });

  test('the editor is docked beside the run, resizable, and never covers the diagram', async ({
    page,
  }) => {
    await open(page);
    const { dialog } = await openEditor(page);
    const ed = (await dialog.boundingBox())!;
    for (const name of ['Timeline', 'NUMA topology']) {
      const r = (await page.getByRole('region', { name }).boundingBox())!;
      expect(r.x + r.width, `${name} ends left of the editor`).toBeLessThanOrEqual(ed.x + 1);
    }
    const splitter = page.getByRole('separator', { name: 'Resize editor' });
    await splitter.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect((await dialog.boundingBox())!.width).toBeGreaterThan(ed.width + 40);
  });

  test('a bad lscpu paste is refused next to the field', async ({ page }) => {
    await open(page);
    const { dialog } = await openEditor(page);
    await dialog.getByRole('tab', { name: 'Node' }).click();
    await dialog.getByRole('radio', { name: 'lscpu -p or lstopo XML' }).check();
    const field = dialog.getByRole('textbox', { name: /lscpu -p=CPU,CORE,SOCKET,NODE/ });
    await field.fill('0,0,0,0\ngarbage\n');
    await dialog.getByRole('button', { name: 'Use this machine' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/lscpu line 2/);
  });
});

test.describe('10. touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a long press opens the perturb menu, and lifting the finger chooses nothing', async ({
    page,
    context,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'Jump to end' }).tap();
    const plot = (await page.getByTestId('timeline-plot').boundingBox())!;
    const lane = (await page.getByRole('button', { name: 'app', exact: true }).boundingBox())!;
    const at = { x: plot.x + plot.width * 0.8, y: lane.y + lane.height / 2 };
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    const menu = page.getByRole('menu', { name: /^Perturb / });
    await expect(menu).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(400);
    await expect(menu).toBeVisible();
    await expect(page.getByText(/Undo with Ctrl\+Z/)).toHaveCount(0);
    // A tap on an item chooses it.
    await menu.getByRole('menuitem', { name: /Exit here with code 1/ }).tap();
    await expect(menu).toBeHidden();
    await expect(page.getByText(/Exit here with code 1 \(default\/web\/app\)/)).toBeVisible();
  });
});

test.describe('11. keyboard', () => {
  test('? lists every key', async ({ page }) => {
    await open(page);
    await page.locator('body').press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of [
      'E',
      'Ctrl + Z',
      'Ctrl + Shift + Z, Ctrl + Y',
      'Shift + F10, Menu key',
      'Home / End',
      'Space',
      'B',
    ])
      await expect(help.getByRole('rowheader', { name: key, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  test('Home, End and Space act on the timeline after touching the Speed slider', async ({
    page,
  }) => {
    await open(page);
    const speed = page.getByRole('slider', { name: 'Playback speed' });
    await speed.click();
    const before = await speed.inputValue();
    await page.keyboard.press('End');
    await expect(position(page)).toHaveAttribute('aria-valuetext', /^2 min 00 s/);
    await page.keyboard.press('Home');
    await expect(position(page)).toHaveAttribute('aria-valuetext', /^0 ms, step 0/);
    expect(await speed.inputValue()).toBe(before);
    await expect(speed).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    // In a text field the keys are the field's own.
    const here = (await position(page).getAttribute('aria-valuetext'))!;
    const { editor } = await openEditor(page);
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await expect(position(page)).toHaveAttribute('aria-valuetext', here);
  });

  test('tooltips go away on keyboard moves, and End keeps the playhead in view', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'Jump to bookmark' }).click();
    const plot = (await page.getByTestId('timeline-plot').boundingBox())!;
    const lane = (await page.getByRole('button', { name: 'app', exact: true }).boundingBox())!;
    await page.mouse.move(plot.x + plot.width * 0.6, lane.y + lane.height / 2);
    const tip = page.locator('.tl-tooltip');
    await expect(tip).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tip).toBeHidden();
    // Zoomed in at the start, End brings the playhead into view.
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('w');
    await page.keyboard.press('End');
    await expect(page.locator('.tl-playhead')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(/– 2 min 00 s/);
  });
});

test.describe('12. small things', () => {
  test('every file in presets/ is in the Scenario select, each with its About text', async ({
    page,
  }) => {
    await open(page);
    const select = page.getByRole('combobox', { name: 'Scenario' });
    const values = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toHaveLength(37);
    for (const id of [
      'serial-pulls',
      'delete-grace-period',
      'sandbox-failure',
      'gpus-aligned-single-numa',
      'hugepages-memory-manager',
    ]) {
      expect(values).toContain(id);
      await select.selectOption(id);
      await page.getByRole('button', { name: 'About' }).click();
      await expect(page.locator('#scenario-about')).toHaveText(/.{80,}/);
      await page.getByRole('button', { name: 'About' }).click();
    }
  });

  test('the theme switch (system, light, dark) is remembered by the page', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page);
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await expect(theme).toHaveValue('system');
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bg();
    await theme.selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await bg()).not.toBe(light);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    expect(await bg()).toBe(light);
  });

  test("the README's screenshot exists and is a picture of the app", () => {
    expect(readFileSync('README.md', 'utf8')).toContain('](docs/screenshot.png)');
    expect(existsSync('docs/screenshot.png')).toBe(true);
    const png = readFileSync('docs/screenshot.png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16..23.
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1280);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(800);
  });
});
