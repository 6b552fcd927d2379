import { describe, expect, it } from 'vitest';
import { attachmentIdOf } from './present.ts';
import { chatFilePath, contentDisposition, FILE_NAME_MAX, sanitizeFileName } from './uploads.ts';

describe('sanitizeFileName', () => {
  it('drops directories, control and direction-override characters', () => {
    expect(sanitizeFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\scan.jpg', 'jpg')).toBe('scan.jpg');
    expect(sanitizeFileName('in\u0000voice\r\n.pdf', 'pdf')).toBe('invoice.pdf');
    expect(sanitizeFileName('photo\u202egnp.exe', 'png')).toBe('photognp.exe');
  });

  it('falls back to file.<ext> and cuts long names by characters, not bytes', () => {
    expect(sanitizeFileName('', 'png')).toBe('file.png');
    expect(sanitizeFileName(' .. ', 'pdf')).toBe('file.pdf');
    expect(sanitizeFileName('dir/', 'pdf')).toBe('file.pdf');
    const long = sanitizeFileName('é'.repeat(500), 'pdf');
    expect(Array.from(long)).toHaveLength(FILE_NAME_MAX);
    expect(sanitizeFileName(`${'😀'.repeat(300)}`, 'png')).toBe('😀'.repeat(FILE_NAME_MAX));
  });
});

describe('contentDisposition', () => {
  it('quotes safely and carries the exact name in filename*', () => {
    expect(contentDisposition('attachment', 'résumé "final"\\.pdf')).toBe(
      `attachment; filename="r_sum_ _final__.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%5C.pdf`,
    );
    expect(contentDisposition('inline', "it's (1)*.png")).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
  });
});

describe('attachmentIdOf', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it('reads the id from the url upload returned, relative or absolute', () => {
    expect(attachmentIdOf(`/api/v1/chat/attachments/${id}`)).toBe(id);
    expect(attachmentIdOf(`https://broker.example/api/v1/chat/attachments/${id.toUpperCase()}`)).toBe(id);
    expect(attachmentIdOf(`/api/v1/chat/attachments/${id}?download=1`)).toBe(id);
  });

  it('refuses anything else', () => {
    for (const url of [
      id,
      `/api/v1/chat/attachments/${id}/x`,
      '/api/v1/chat/attachments/../x',
      'javascript:alert(1)',
      '',
    ]) {
      expect(attachmentIdOf(url)).toBeNull();
    }
  });
});

describe('chatFilePath', () => {
  it('accepts only a plain stored name', () => {
    expect(chatFilePath('/data', 'a.png')).toBe('/data/uploads/chat/a.png');
    expect(() => chatFilePath('/data', '../a.png')).toThrow();
  });
});
