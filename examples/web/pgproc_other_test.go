//go:build !unix

package main

import (
	"errors"
	"os/exec"
	"os/user"
)

// runAs runs cmd as the tests' own user: another user is for unix alone.
func runAs(cmd *exec.Cmd, u *user.User) error {
	if u != nil {
		return errors.New("running PostgreSQL as another user needs unix")
	}
	return nil
}
