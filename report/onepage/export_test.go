package onepage

// Num is pageNum, for the external tests.
var Num = pageNum
