import { describe, expect, it } from 'vitest';
import { evaluate, fillTemplate, holds } from '../../../src/contract/expression';

const context = { values: { record: { status: 2, name: '华强北', tags: ['a', 'b'] }, user: { id: 7 } }, held: new Set(['goods:update']) };

describe('screen expressions', () => {
  it('compares, combines and chooses', () => {
    expect(evaluate({ '==': [{ var: 'record.status' }, 2] }, context)).toBe(true);
    expect(evaluate({ '==': [{ var: 'record.status' }, '2'] }, context)).toBe(true);
    expect(evaluate({ and: [{ '>': [{ var: 'record.status' }, 1] }, { '!': { empty: { var: 'record.name' } } }] }, context)).toBe(true);
    expect(evaluate({ in: ['b', { var: 'record.tags' }] }, context)).toBe(true);
    expect(evaluate({ if: [{ '<': [{ var: 'record.status' }, 1] }, 'low', 'high'] }, context)).toBe('high');
    expect(evaluate({ concat: ['#', { var: 'user.id' }] }, context)).toBe('#7');
    expect(evaluate({ '/': [{ '*': [{ var: 'record.status' }, 10] }, 4] }, context)).toBe(5);
    expect(evaluate({ '/': [1, 0] }, context)).toBeNull();
  });

  it('reads the user’s permissions', () => {
    expect(holds({ has: ['goods:update'] }, context)).toBe(true);
    expect(holds({ has: ['goods:delete'] }, context)).toBe(false);
    expect(holds({ has: ['anything'] }, { values: {}, held: new Set(['*']) })).toBe(true);
    expect(holds(undefined, context)).toBe(true);
  });

  it('reaches nothing the context did not put there', () => {
    for (const path of ['record.constructor', 'record.__proto__', 'record.name.length', 'record.toString', 'constructor.constructor']) {
      expect(evaluate({ var: path }, context)).toBeUndefined();
    }
    expect(evaluate({ eval: 'alert(1)' } as never, context)).toBeUndefined();
  });

  it('fills links with URL-encoded values so a value cannot reshape the link', () => {
    expect(fillTemplate('/goods/detail?id={{record.status}}&q={{ record.name }}', context.values, true)).toBe(
      '/goods/detail?id=2&q=%E5%8D%8E%E5%BC%BA%E5%8C%97',
    );
    expect(fillTemplate('/x?next={{record.evil}}', { record: { evil: '1&admin=1' } }, true)).toBe('/x?next=1%26admin%3D1');
  });
});
