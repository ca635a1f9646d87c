import { describe, expect, it } from 'vitest';
import {
  hasMinLength,
  isChinese,
  isEmail,
  isHttpUrl,
  isIdCard,
  isJsonObject,
  isLetters,
  isLink,
  isMobile,
  isSignedDecimal,
} from '../../../src/contract/validators';

type Check = (value: string) => boolean;

const rules: Array<{ rule: string; check: Check; accepted: string[]; refused: string[] }> = [
  {
    rule: 'link: http, https, mailto, tel or protocol-relative',
    check: isLink,
    accepted: [
      'http://example.com',
      'https://example.com/goods?id=1',
      'HTTP://EXAMPLE.COM',
      'Https://example.com',
      '//cdn.x',
      '//cdn.x/a.png',
      'mailto:seller@example.com',
      'MAILTO:seller@example.com',
      'tel:10086',
      'tel:+86-138-0013-8000',
    ],
    refused: [
      'tel:',
      'mailto:',
      'https://',
      'http:',
      '//',
      '///x',
      'ftp://example.com',
      '/goods/list',
      'goods/list',
      'javascript:alert(1)',
      ' https://example.com',
      '',
    ],
  },
  {
    rule: 'signed decimal number',
    check: isSignedDecimal,
    accepted: ['0', '-0', '+0', '42', '+1.5', '-1.5', '3.14159', '007', '-12345678901234567890'],
    refused: ['1.', '.5', '-.5', '+', '-', '1e3', '1,000', '--1', '+-1', ' 1', '1 ', '0x1F', 'NaN', 'Infinity', '１２', ''],
  },
  {
    rule: 'http(s) URL, a path allowed',
    check: isHttpUrl,
    accepted: [
      'http://example.com',
      'https://example.com/',
      'https://shop.example.com/goods/list?page=2#top',
      'https://example.com?page=2',
      'https://example.com:8443/api',
      'HTTP://EXAMPLE.COM/A',
    ],
    refused: [
      'HTTP://',
      'https://',
      'https://localhost/goods',
      'https:/example.com',
      'https//example.com',
      '//cdn.x/a.png',
      'ftp://example.com/a',
      'mailto:a@b.c',
      'https://exa mple.com',
      'https://example.com/a b',
      'example.com/path',
      '',
    ],
  },
  {
    rule: 'mainland mobile: 1, then 3–9, then 9 digits',
    check: isMobile,
    accepted: ['13800138000', '19912345678', '15000000000'],
    refused: ['12800138000', '10800138000', '1380013800', '138001380000', '23800138000', '+8613800138000', '138-0013-8000', '13800138000\n', '１３８００１３８０００', ''],
  },
  {
    rule: 'ID card: 15 or 18 digits, the last may be X',
    check: isIdCard,
    accepted: ['110101900101123', '11010119900101123X', '11010119900101123x', '110101199001011234'],
    refused: ['11010119900101123', '1101011990010112345', '11010119900101123Y', '1101011990010112X3', '11010190010112X', '1101019001011', '', 'X'],
  },
  {
    rule: 'e-mail',
    check: isEmail,
    accepted: ['seller@example.com', 'a.b+c@mail.example.cn', 'x@y.z'],
    refused: ['seller@example', 'seller.example.com', '@example.com', 'seller@', 'a b@example.com', 'a@b@c.com', 'a@b.', ''],
  },
  {
    rule: 'JSON whose top level is an object',
    check: isJsonObject,
    accepted: ['{}', '{"a":1}', ' {"nested":{"b":[1,2]}} '],
    refused: ['[]', '[{"a":1}]', 'null', '1', '"{}"', 'true', '{a:1}', "{'a':1}", '{"a":1,}', '', '{'],
  },
  {
    rule: 'Chinese characters only',
    check: isChinese,
    accepted: ['中文', '王小美', '电商卖家控制台'],
    refused: ['中文abc', 'abc中文', '中 文', '中文，', '中文1', 'あいう', '한국어', ''],
  },
  {
    rule: 'letters only',
    check: isLetters,
    accepted: ['abc', 'ABC', 'aBc'],
    refused: ['abc1', 'ab c', 'abc中文', 'é', 'a-b', 'ａｂｃ', ''],
  },
];

describe('spec §5 helper checks', () => {
  describe.each(rules)('$rule', ({ check, accepted, refused }) => {
    it.each(accepted)('accepts %j', (value) => expect(check(value)).toBe(true));
    it.each(refused)('refuses %j', (value) => expect(check(value)).toBe(false));
  });

  describe('length at least 6', () => {
    it('takes 6 characters and more, refuses 5', () => {
      expect(hasMinLength('abcdef')).toBe(true);
      expect(hasMinLength('abcdefg')).toBe(true);
      expect(hasMinLength('abcde')).toBe(false);
      expect(hasMinLength('')).toBe(false);
    });

    it('counts characters, not UTF-16 units, as the server schema does', () => {
      expect(hasMinLength('😀😀😀')).toBe(false);
      expect(hasMinLength('😀😀😀😀😀😀')).toBe(true);
      expect(hasMinLength('六个汉字密码')).toBe(true);
    });

    it('takes another minimum', () => {
      expect(hasMinLength('abc', 3)).toBe(true);
      expect(hasMinLength('ab', 3)).toBe(false);
    });
  });
});
