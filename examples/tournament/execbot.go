package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/laar/viceroy"
)

// A bot of one's own plays in a tournament as a program: the spec "exec:./mybot -flag" starts
// ./mybot with its arguments for each seat of each game, and asks it every decision of the seat
// with more than one legal move on standard input and output:
//
//   - the tournament writes the seat's View as one line of JSON (viceroy.View; its Legal field
//     lists the moves to choose from);
//   - the program answers one line: the move, as JSON (viceroy.Move) or as text (viceroy.ParseMove,
//     such as "bid red" or "take 48").
//
// Standard input closes when the game ends; what the program writes to standard error goes to the
// tournament's. Its time a decision is the wall clock's (the program's processor time is not
// counted). A program in Go reads each line into a viceroy.View with encoding/json and writes
// the move's String(); examples/tournament/mybot is such a program, the first legal move every time.
// A move that is not legal, an answer that does not read, or a program that ends early stops the
// tournament with the game and the reason.
type execBot struct {
	args []string
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	err  error // the first failure; every later decision answers the zero Move
}

// Choose asks the program. On a failure it answers the zero Move, which is never legal, so that the
// game stops; Err tells why.
func (b *execBot) Choose(v viceroy.View, legal []viceroy.Move) viceroy.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	if b.err != nil {
		return viceroy.Move{}
	}
	m, err := b.ask(v)
	if err != nil {
		b.err = fmt.Errorf("%s: %w", strings.Join(b.args, " "), err)
		return viceroy.Move{}
	}
	return m
}

// ask writes the view and reads the answer, starting the program on the first decision.
func (b *execBot) ask(v viceroy.View) (viceroy.Move, error) {
	if b.cmd == nil {
		if err := b.start(); err != nil {
			return viceroy.Move{}, err
		}
	}
	line, err := json.Marshal(v)
	if err != nil {
		return viceroy.Move{}, err
	}
	if _, err := b.in.Write(append(line, '\n')); err != nil {
		return viceroy.Move{}, fmt.Errorf("writing the view: %w", err)
	}
	answer, err := b.out.ReadString('\n')
	if err != nil {
		return viceroy.Move{}, fmt.Errorf("no answer (%w)", err)
	}
	answer = strings.TrimSpace(answer)
	var m viceroy.Move
	if strings.HasPrefix(answer, "{") {
		err = json.Unmarshal([]byte(answer), &m)
	} else {
		m, err = viceroy.ParseMove(answer)
	}
	if err != nil {
		return viceroy.Move{}, fmt.Errorf("answer %q: %w", answer, err)
	}
	return m, nil
}

func (b *execBot) start() error {
	b.cmd = exec.Command(b.args[0], b.args[1:]...)
	b.cmd.Stderr = os.Stderr
	in, err := b.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := b.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := b.cmd.Start(); err != nil {
		return err
	}
	b.in, b.out = in, bufio.NewReader(out)
	return nil
}

// Close ends the game for the program (its standard input closes) and waits for it to exit. It
// returns the first failure of the bot's decisions, if any.
func (b *execBot) Close() error {
	if b.cmd != nil {
		b.in.Close()
		if err := b.cmd.Wait(); err != nil && b.err == nil {
			b.err = fmt.Errorf("%s: %w", strings.Join(b.args, " "), err)
		}
	}
	return b.err
}
