// The topic a campaign or a sequence saves (issue 31): its id and name, nothing when none.
import { describe, expect, it } from 'vitest';
import { topicPatch } from './topics';

const topics = [
  { id: 't1', name: 'Promociones' },
  { id: 't2', name: 'Boletín' },
];

describe('topicPatch', () => {
  it('a topic chosen: its id and its name', () => {
    expect(topicPatch('t2', topics, null)).toEqual({ topicId: 't2', topicName: 'Boletín' });
  });

  it('a renamed topic: its name now', () => {
    expect(topicPatch('t1', topics, { topicId: 't1', topicName: 'Ofertas' })).toEqual({
      topicId: 't1',
      topicName: 'Promociones',
    });
  });

  it('a topic deleted since, kept: the name the record had', () => {
    expect(topicPatch('t9', topics, { topicId: 't9', topicName: 'Eventos' })).toEqual({
      topicId: 't9',
      topicName: 'Eventos',
    });
  });

  it('none on a record without one: nothing written', () => {
    expect(topicPatch(null, topics, null)).toEqual({});
    expect(topicPatch(null, topics, { topicId: null, topicName: null })).toEqual({});
  });

  it('cleared: both null', () => {
    expect(topicPatch('', topics, { topicId: 't1', topicName: 'Promociones' })).toEqual({
      topicId: null,
      topicName: null,
    });
  });
});
