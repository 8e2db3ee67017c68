// Command mybot is the smallest bot the tournament can play as a program of one's own: it reads
// each decision's View, one line of JSON, from standard input, and answers the first legal move as
// text on standard output. Change choose to make it play better.
//
//	go build -o /tmp/mybot ./examples/tournament/mybot
//	go run ./examples/tournament -a exec:/tmp/mybot -b basic
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/laar/viceroy"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20) // a view is a few kilobytes
	for in.Scan() {
		var v viceroy.View
		if err := json.Unmarshal(in.Bytes(), &v); err != nil {
			fmt.Fprintln(os.Stderr, "mybot:", err)
			os.Exit(1)
		}
		fmt.Println(choose(v))
	}
}

// choose picks the move to play from the view: here the first legal one.
func choose(v viceroy.View) viceroy.Move {
	return v.Legal[0]
}
