package main

var wordsFR = map[string]string{}
