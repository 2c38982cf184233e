// JSX-like templates without a compile step: htm tagged templates bound to Preact's h().
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
