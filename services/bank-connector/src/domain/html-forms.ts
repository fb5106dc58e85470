import { parse, type HTMLElement } from 'node-html-parser';

/** A button of a form: what it reads and the name/value it submits. */
export interface FormButton {
  label: string;
  name?: string;
  value?: string;
}

/** A form of a page as a browser would submit it. */
export interface Form {
  /** Absolute URL the form submits to. */
  action: string;
  method: 'GET' | 'POST';
  /** The fields submitted: every named input (hidden ones included), plus the button pressed. */
  fields: [string, string][];
  buttons: FormButton[];
}

function formOf(element: HTMLElement, pageUrl: string): Form {
  const buttons: FormButton[] = element.querySelectorAll('button, input[type=submit]').map((b) => ({
    label: (b.tagName === 'INPUT' ? (b.getAttribute('value') ?? '') : b.textContent).trim(),
    ...(b.getAttribute('name') ? { name: b.getAttribute('name')! } : {}),
    ...(b.getAttribute('value') !== undefined ? { value: b.getAttribute('value')! } : {}),
  }));
  const fields = element
    .querySelectorAll('input, textarea')
    .filter(
      (i) => i.getAttribute('name') && !['submit', 'button', 'checkbox', 'radio'].includes((i.getAttribute('type') ?? '').toLowerCase()),
    )
    .map((i): [string, string] => [i.getAttribute('name')!, i.getAttribute('value') ?? i.textContent]);
  const checked = element
    .querySelectorAll('input[type=checkbox], input[type=radio]')
    .filter((i) => i.hasAttribute('checked') && i.getAttribute('name'))
    .map((i): [string, string] => [i.getAttribute('name')!, i.getAttribute('value') ?? 'on']);
  return {
    action: new URL(element.getAttribute('action') ?? pageUrl, pageUrl).toString(),
    method: (element.getAttribute('method') ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET',
    fields: [...fields, ...checked],
    buttons,
  };
}

/**
 * The first form of `html` that `wanted` accepts, ready to submit as if its button whose label
 * matches `press` was pressed (that button's name and value join the fields); undefined when no
 * form is wanted.
 */
export function pageForm(html: string, pageUrl: string, wanted: (form: Form) => boolean, press?: RegExp): Form | undefined {
  for (const element of parse(html).querySelectorAll('form')) {
    const form = formOf(element, pageUrl);
    if (!wanted(form)) continue;
    const pressed = press ? form.buttons.find((b) => press.test(b.label)) : undefined;
    if (pressed?.name) form.fields.push([pressed.name, pressed.value ?? '']);
    return form;
  }
  return undefined;
}
