package main

var wordsES = map[string]string{}
