// Package tabular renders result tables in the four output formats every
// mrsched command offers: an aligned plain-text table, Markdown, CSV and
// JSON. It holds no scheduling logic; commands build a Table (or any value
// for JSON) and pick the format the user asked for.
//
// Numbers are formatted by the caller (see Float), so that output is
// byte-identical for identical input on every platform.
package tabular
