// Package tabular renders result tables in the four output formats every
// mrsched command offers: an aligned plain-text table, Markdown, CSV and
// JSON. It holds no scheduling logic; commands build a Table (or any value
// for JSON) and pick the format the user asked for.
//
// It is the one place that decides how numbers look. Machine formats keep
// full precision: CSV cells are written by Float (strconv 'g', -1) and JSON
// numbers by encoding/json, so output is byte-identical for identical input
// on every platform. Tables for people (text, Markdown) shorten every
// non-integer number cell to HumanDigits significant digits (Human) and
// show the columns marked Percent (gaps) as percentages. Values that are not
// finite have one spelling per format:
//
//	value       JSON      CSV      table
//	+∞          "+Inf"    +Inf     inf
//	−∞          "-Inf"    -Inf     -inf
//	NaN (n/a)   null      (empty)  -
//
// WriteJSON applies the JSON column to any value (a float64 field holding
// +∞, for example α of an instance with a zero-size job); Num carries it in
// types that are also decoded.
package tabular
